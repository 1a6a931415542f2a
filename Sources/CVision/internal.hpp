// What the files of this target share: the image behind the C header's opaque gev_image, the
// error handling every entry point runs its body through, and the CPU check of the passes
// written with AVX2.
#pragma once

#include "gridedit_vision.h"

#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>

#include <exception>
#include <mutex>
#include <string>

struct gev_image { cv::Mat mat; };

namespace cvision {

// The message gev_last_error() returns (one per thread, shared by every file of the target).
inline thread_local std::string lastError;

inline void fail(const std::string &message) { lastError = message; }

// Runs an entry point's body: any exception becomes `failure` and a message, so nothing C++
// ever escapes into Swift.
template <typename Result, typename Body>
Result guarded(Result failure, Body body) {
    try {
        // OpenCV's own warnings (a backend it could not load, a file it could not decode) would
        // land on the designer's terminal beside gridedit's message, which already says it.
        static std::once_flag quiet;
        std::call_once(quiet, [] { cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_ERROR); });
        lastError.clear();
        return body();
    } catch (const cv::Exception &e) {
        fail(std::string("OpenCV: ") + (e.err.empty() ? e.what() : e.err));
    } catch (const std::exception &e) {
        fail(e.what());
    } catch (...) {
        fail("an unknown error in OpenCV");
    }
    return failure;
}

inline gev_image *wrap(cv::Mat mat) {
    auto *image = new gev_image;
    image->mat = std::move(mat);
    return image;
}

inline bool validImage(const gev_image *image) {
    if (image == nullptr || image->mat.empty()) { fail("no image"); return false; }
    return true;
}

#if defined(__x86_64__)
inline bool haveAVX2() {
    static const bool yes = [] { __builtin_cpu_init(); return __builtin_cpu_supports("avx2") != 0; }();
    return yes;
}
#endif

}  // namespace cvision
