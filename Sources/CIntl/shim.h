#ifndef FLOATAPP_CINTL_SHIM_H
#define FLOATAPP_CINTL_SHIM_H

/* gettext as the C library has it (glibc's libintl): no library to link. */
#include <libintl.h>
#include <locale.h>

#endif
