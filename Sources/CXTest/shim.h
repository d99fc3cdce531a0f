#ifndef FLOATAPP_CXTEST_SHIM_H
#define FLOATAPP_CXTEST_SHIM_H

/* libXtst for the tests' XTEST input, linked only where this module is imported: its
   declarations come with CX11 (X11/extensions/XTest.h), and the app calls none of them, so
   the app does not link libXtst. */

#endif
