// The image behind the C header's opaque gev_image, for the files of this target.
#pragma once

#include <opencv2/core.hpp>

struct gev_image { cv::Mat mat; };
