// The adaptive threshold behind the marker search, as OpenCV computes it, in a fraction of the time.
//
// OpenCV's ArUco detector thresholds the search image with cv::adaptiveThreshold once per window
// size (mean of the window, inverted binary). On Debian's build that is a box filter and then a
// table lookup per pixel: 0.32 and 0.27 ms for the two windows of the 640×360 search image, half
// of the whole search. This file defines cv::adaptiveThreshold itself. Every program that links
// CVision carries the definition, and the dynamic linker binds libopencv_aruco's call to it (a
// program's own symbol comes first in the lookup order), so the detector runs unchanged on the
// same thresholded image.
//
// For the calls it knows (8-bit grey, mean of a window of 3 to 15 pixels, binary or inverted,
// a whole image) it computes the same integers as OpenCV: the window's sum with the edge pixels
// repeated, OpenCV's rounded division of a 16-bit sum by the window's area, then the comparison
// with the threshold constant rounded as OpenCV rounds it. `gev_box_mean_mismatches` and
// `gev_adaptive_threshold_mismatches` check that against OpenCV's own functions (the tests run
// them on every sum and on many images). Every other call goes to OpenCV's definition, found with
// dlsym(RTLD_NEXT).

#include "internal.hpp"

#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <dlfcn.h>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace cvision;

namespace {

using AdaptiveThreshold = void (*)(cv::InputArray, cv::OutputArray, double, int, int, int, double);

// OpenCV's own cv::adaptiveThreshold (the next definition after this program's).
AdaptiveThreshold opencvAdaptiveThreshold() {
    static const AdaptiveThreshold found = reinterpret_cast<AdaptiveThreshold>(
        dlsym(RTLD_NEXT, "_ZN2cv17adaptiveThresholdERKNS_11_InputArrayERKNS_12_OutputArrayEdiiid"));
    if (!found) CV_Error(cv::Error::StsError, "OpenCV's adaptiveThreshold was not found");
    return found;
}

std::atomic<long> fastCalls{0};

// The mean of a k×k window from its sum s, as OpenCV's box filter with 16-bit sums rounds it:
// (s + delta) · scale >> 23, where scale ≈ 2^23 / k² and delta ≈ k² / 2 are chosen so that the
// product rounds s / k² to the nearest integer.
struct BoxMean {
    uint32_t delta, scale;
    explicit BoxMean(int k) {
        const int area = k * k;
        const double exact = double(1 << 23) / area;
        scale = uint32_t(std::floor(exact));
        delta = uint32_t(area / 2);
        if (exact - scale < 0.5) delta++;
        else scale++;
    }
    uint8_t operator()(uint32_t sum) const { return uint8_t(((sum + delta) * scale) >> 23); }
};

// What the threshold does with a pixel and its window's mean.
struct Rule {
    int bias;      // the pixel is low when pixel + bias <= mean
    bool inverse;  // low pixels are set (else high ones)
    uint8_t on;    // the value set
    uint8_t operator()(int pixel, int mean) const { return ((pixel + bias <= mean) == inverse) ? on : 0; }
};

// Column sums over the window: col[x] += in[x] − out[x] (out may be null).
void slideColumns(uint16_t *col, const uint8_t *in, const uint8_t *out, int width) {
    for (int x = 0; x < width; x++) col[x] = uint16_t(col[x] + in[x] - (out ? out[x] : 0));
}

// One row: pad holds the row's column sums with `k / 2` repeated at either end.
void thresholdRow(const uint16_t *pad, const uint8_t *src, uint8_t *dst, int width, int k, BoxMean mean, Rule rule) {
    for (int x = 0; x < width; x++) {
        uint32_t sum = 0;
        for (int j = 0; j < k; j++) sum += pad[x + j];
        dst[x] = rule(src[x], mean(sum));
    }
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) void slideColumnsAVX2(uint16_t *col, const uint8_t *in, const uint8_t *out, int width) {
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        __m256i c = _mm256_add_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(col + x)),
                                     _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(in + x))));
        if (out) c = _mm256_sub_epi16(c, _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(out + x))));
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(col + x), c);
    }
    slideColumns(col + x, in + x, out ? out + x : nullptr, width - x);
}

// Sixteen pixels a vector: the window sums (16 bits hold 15 × 15 × 255), the mean in 32-bit
// lanes, the comparison in 16-bit ones.
__attribute__((target("avx2"))) void thresholdRowAVX2(const uint16_t *pad, const uint8_t *src, uint8_t *dst, int width, int k,
                                                      BoxMean mean, Rule rule) {
    const __m256i delta = _mm256_set1_epi32(int(mean.delta)), scale = _mm256_set1_epi32(int(mean.scale));
    const __m256i bias = _mm256_set1_epi16(int16_t(rule.bias)), on = _mm256_set1_epi16(rule.on);
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        __m256i sum = _mm256_loadu_si256(reinterpret_cast<const __m256i *>(pad + x));
        for (int j = 1; j < k; j++) sum = _mm256_add_epi16(sum, _mm256_loadu_si256(reinterpret_cast<const __m256i *>(pad + x + j)));
        __m256i lo = _mm256_cvtepu16_epi32(_mm256_castsi256_si128(sum));
        __m256i hi = _mm256_cvtepu16_epi32(_mm256_extracti128_si256(sum, 1));
        lo = _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_add_epi32(lo, delta), scale), 23);
        hi = _mm256_srli_epi32(_mm256_mullo_epi32(_mm256_add_epi32(hi, delta), scale), 23);
        const __m256i means = _mm256_permute4x64_epi64(_mm256_packus_epi32(lo, hi), 0xd8);
        const __m256i biased = _mm256_add_epi16(_mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i *>(src + x))), bias);
        const __m256i high = _mm256_cmpgt_epi16(biased, means);
        const __m256i set = rule.inverse ? _mm256_andnot_si256(high, on) : _mm256_and_si256(high, on);
        const __m256i bytes = _mm256_permute4x64_epi64(_mm256_packus_epi16(set, set), 0xd8);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + x), _mm256_castsi256_si128(bytes));
    }
    thresholdRow(pad + x, src + x, dst + x, width - x, k, mean, rule);
}
#endif

// Whether `meanThreshold` below computes this call exactly as OpenCV would.
bool known(const cv::Mat &src, const cv::_OutputArray &dst, double maxValue, int method, int type, int blockSize, double delta) {
    return src.type() == CV_8UC1 && !src.empty() && !src.isSubmatrix() && method == cv::ADAPTIVE_THRESH_MEAN_C
        && (type == cv::THRESH_BINARY || type == cv::THRESH_BINARY_INV) && blockSize % 2 == 1 && blockSize >= 3
        && blockSize <= 15 && maxValue >= 0 && std::abs(delta) <= 255 && !(dst.isMat() && dst.getMat().data == src.data);
}

// OpenCV's adaptiveThreshold for the calls `known` accepts. With `portable`, without AVX2.
void meanThreshold(const cv::Mat &src, cv::Mat &dst, double maxValue, int type, int k, double delta, bool portable) {
    const int width = src.cols, height = src.rows, r = k / 2;
    const BoxMean mean(k);
    // OpenCV's table: binary sets pixel − mean > −⌈delta⌉, inverted sets pixel − mean ≤ −⌊delta⌋.
    const bool inverse = type == cv::THRESH_BINARY_INV;
    const int idelta = inverse ? cvFloor(delta) : cvCeil(delta);
    const Rule rule{idelta, inverse, cv::saturate_cast<uchar>(maxValue)};
    dst.create(height, width, CV_8UC1);
#if defined(__x86_64__)
    const bool vector = !portable && haveAVX2();
#else
    const bool vector = false;
#endif
    auto slide = [&](uint16_t *col, const uint8_t *in, const uint8_t *out) {
#if defined(__x86_64__)
        if (vector) return slideColumnsAVX2(col, in, out, width);
#endif
        slideColumns(col, in, out, width);
    };
    auto row = [&](int y) { return src.ptr<uint8_t>(std::clamp(y, 0, height - 1)); };
    std::vector<uint16_t> col(width, 0), pad(width + 2 * r);
    for (int dy = -r; dy <= r; dy++) slide(col.data(), row(dy), nullptr);
    for (int y = 0; y < height; y++) {
        if (y > 0) slide(col.data(), row(y + r), row(y - r - 1));
        std::fill(pad.begin(), pad.begin() + r, col[0]);
        std::copy(col.begin(), col.end(), pad.begin() + r);
        std::fill(pad.end() - r, pad.end(), col[width - 1]);
#if defined(__x86_64__)
        if (vector) { thresholdRowAVX2(pad.data(), src.ptr<uint8_t>(y), dst.ptr<uint8_t>(y), width, k, mean, rule); continue; }
#endif
        thresholdRow(pad.data(), src.ptr<uint8_t>(y), dst.ptr<uint8_t>(y), width, k, mean, rule);
    }
}

}  // namespace

void cv::adaptiveThreshold(InputArray _src, OutputArray _dst, double maxValue, int method, int type, int blockSize, double delta) {
    const Mat src = _src.getMat();
    if (!known(src, _dst, maxValue, method, type, blockSize, delta)) {
        opencvAdaptiveThreshold()(_src, _dst, maxValue, method, type, blockSize, delta);
        return;
    }
    Mat out;
    meanThreshold(src, out, maxValue, type, blockSize, delta, false);
    _dst.assign(out);
    fastCalls++;
}

extern "C" {

int gev_box_mean_mismatches(int block) {
    return guarded(-1, [&] {
        if (block < 3 || block > 15 || block % 2 == 0) { fail("the window must be odd, 3 to 15 pixels"); return -1; }
        // One block × block tile per sum: a tile's centre pixel has the tile for its window, and
        // the tile's pixels (255s, one remainder, then 0s) add up to the sum.
        const int area = block * block, sums = 255 * area + 1, across = 256;
        const int rows = (sums + across - 1) / across;
        cv::Mat tiles(rows * block, across * block, CV_8UC1, cv::Scalar(0));
        for (int s = 0; s < sums; s++) {
            const int ty = s / across, tx = s % across;
            int left = s;
            for (int k = 0; k < area && left > 0; k++) {
                const int v = std::min(left, 255);
                tiles.at<uint8_t>(ty * block + k / block, tx * block + k % block) = uint8_t(v);
                left -= v;
            }
        }
        cv::Mat means;
        cv::boxFilter(tiles, means, CV_8U, cv::Size(block, block), cv::Point(-1, -1), true, cv::BORDER_REPLICATE);
        const BoxMean mean(block);
        int mismatches = 0;
        for (int s = 0; s < sums; s++) {
            const int ty = s / across, tx = s % across;
            if (means.at<uint8_t>(ty * block + block / 2, tx * block + block / 2) != mean(uint32_t(s))) mismatches++;
        }
        return mismatches;
    });
}

int gev_adaptive_threshold_mismatches(const gev_image *image, int block, double delta, int inverse, int portable) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        cv::Mat gray, ours, theirs;
        if (image->mat.channels() == 3) cv::cvtColor(image->mat, gray, cv::COLOR_BGR2GRAY);
        else gray = image->mat;
        const int type = inverse ? cv::THRESH_BINARY_INV : cv::THRESH_BINARY;
        if (!known(gray, ours, 255, cv::ADAPTIVE_THRESH_MEAN_C, type, block, delta)) {
            fail("not a threshold this file makes (8-bit grey, an odd window of 3 to 15, |delta| ≤ 255)");
            return -1;
        }
        meanThreshold(gray, ours, 255, type, block, delta, portable != 0);
        opencvAdaptiveThreshold()(gray, theirs, 255, cv::ADAPTIVE_THRESH_MEAN_C, type, block, delta);
        return cv::countNonZero(ours != theirs);
    });
}

long gev_adaptive_threshold_fast_calls(void) { return fastCalls.load(); }

}  // extern "C"
