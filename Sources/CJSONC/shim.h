#ifndef GRIDEDIT_CJSONC_SHIM_H
#define GRIDEDIT_CJSONC_SHIM_H
#include <json-c/json.h>
#endif
