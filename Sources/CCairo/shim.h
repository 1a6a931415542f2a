#ifndef GRIDEDIT_CCAIRO_SHIM_H
#define GRIDEDIT_CCAIRO_SHIM_H
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#endif
