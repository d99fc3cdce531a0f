#ifndef FLOATAPP_CDBUS_SHIM_H
#define FLOATAPP_CDBUS_SHIM_H

#include <dbus/dbus.h>

#endif
