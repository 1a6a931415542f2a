#ifndef GRIDEDIT_CEDITLINE_SHIM_H
#define GRIDEDIT_CEDITLINE_SHIM_H
#include <stdio.h>
#include <histedit.h>
#endif
