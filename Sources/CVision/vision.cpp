// The OpenCV side of gridedit's camera capture, behind the plain C header gridedit_vision.h.
// Every entry point runs its body through `guarded`, which turns any exception into a failure
// value and a message for gev_last_error(), so nothing C++ ever escapes into Swift.

#include "gridedit_vision.h"
#include "internal.hpp"

#include <opencv2/aruco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

using namespace cvision;

namespace {

cv::Ptr<cv::aruco::Dictionary> dictionaryFor(int dictionary) {
    switch (dictionary) {
    case GEV_DICT_4X4_50: return cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50);
    default: throw std::invalid_argument("unknown marker dictionary " + std::to_string(dictionary));
    }
}

// MARK: Grey for the marker search

// The marker search's grey image and its half-size copy, exactly as cv::cvtColor(COLOR_BGR2GRAY)
// and cv::resize(INTER_AREA) make them (same integers, `gev_gray_mismatches` and its tests), in
// one pass with AVX2: OpenCV's two calls take 0.33 ms of a 720p frame's search.
// OpenCV's RGB2Gray<uchar>: 15-bit weights summing to 2^15, rounded.
constexpr int grayB = 3735, grayG = 19235, grayR = 9798, grayShift = 15;

inline uint8_t grayOf(const uint8_t *p) {
    return uint8_t((p[0] * grayB + p[1] * grayG + p[2] * grayR + (1 << (grayShift - 1))) >> grayShift);
}

// INTER_AREA halving of 8-bit grey: the mean of each 2×2, rounded half up (OpenCV's vector
// path, which covers rows whose half width is a multiple of 16).
inline uint8_t halfOf(const uint8_t *a, const uint8_t *b, int x) {
    return uint8_t((a[2 * x] + a[2 * x + 1] + b[2 * x] + b[2 * x + 1] + 2) >> 2);
}

#if defined(__x86_64__)
__attribute__((target("avx2"))) void grayRow(const uint8_t *src, uint8_t *dst, int width) {
    // Eight pixels a vector: four in each 128-bit lane, their bytes spread to 16-bit pairs
    // (blue, green) and (red, 1) and multiplied by (wB, wG) and (wR, rounding) in one madd each.
    const __m256i pickBG = _mm256_setr_epi8(0, -1, 1, -1, 3, -1, 4, -1, 6, -1, 7, -1, 9, -1, 10, -1,
                                            0, -1, 1, -1, 3, -1, 4, -1, 6, -1, 7, -1, 9, -1, 10, -1);
    const __m256i pickR = _mm256_setr_epi8(2, -1, -1, -1, 5, -1, -1, -1, 8, -1, -1, -1, 11, -1, -1, -1,
                                           2, -1, -1, -1, 5, -1, -1, -1, 8, -1, -1, -1, 11, -1, -1, -1);
    const __m256i one = _mm256_set1_epi32(1 << 16);
    const __m256i weightsBG = _mm256_set1_epi32((grayG << 16) | grayB);
    const __m256i weightsR = _mm256_set1_epi32(((1 << (grayShift - 1)) << 16) | grayR);
    const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    int x = 0;
    // Each 16-byte load reads 4 bytes past its four pixels: stop two pixels short of the row's end.
    for (; x + 34 <= width; x += 32) {
        const uint8_t *p = src + 3 * x;
        __m256i sums[4];
        for (int k = 0; k < 4; k++) {
            const __m256i v = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 24 * k))),
                _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 24 * k + 12)), 1);
            const __m256i bg = _mm256_shuffle_epi8(v, pickBG);
            const __m256i r = _mm256_or_si256(_mm256_shuffle_epi8(v, pickR), one);
            sums[k] = _mm256_srai_epi32(_mm256_add_epi32(_mm256_madd_epi16(bg, weightsBG), _mm256_madd_epi16(r, weightsR)), grayShift);
        }
        // After the packs each lane holds every other group of four: put them back in order.
        const __m256i bytes = _mm256_packus_epi16(_mm256_packs_epi32(sums[0], sums[1]), _mm256_packs_epi32(sums[2], sums[3]));
        _mm256_storeu_si256(reinterpret_cast<__m256i *>(dst + x), _mm256_permutevar8x32_epi32(bytes, order));
    }
    for (; x < width; x++) dst[x] = grayOf(src + 3 * x);
}

__attribute__((target("avx2"))) void halfRow(const uint8_t *a, const uint8_t *b, uint8_t *dst, int width) {
    const __m256i ones = _mm256_set1_epi8(1), two = _mm256_set1_epi16(2);
    int x = 0;
    for (; x + 16 <= width; x += 16) {
        const __m256i top = _mm256_maddubs_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(a + 2 * x)), ones);
        const __m256i bottom = _mm256_maddubs_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i *>(b + 2 * x)), ones);
        const __m256i mean = _mm256_srli_epi16(_mm256_add_epi16(_mm256_add_epi16(top, bottom), two), 2);
        const __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(mean, mean), 0x08);
        _mm_storeu_si128(reinterpret_cast<__m128i *>(dst + x), _mm256_castsi256_si128(packed));
    }
    for (; x < width; x++) dst[x] = halfOf(a, b, x);
}
#endif

// `gray` = cv::cvtColor(bgr, COLOR_BGR2GRAY); with `half`, also cv::resize(gray, half, half the
// size, INTER_AREA). OpenCV does it where the fast pass does not apply (no AVX2, not 8-bit BGR,
// an odd size or a half width OpenCV would finish one pixel at a time).
bool grayAndHalf(const cv::Mat &bgr, cv::Mat &gray, cv::Mat *half) {
#if defined(__x86_64__)
    const bool fast = haveAVX2() && bgr.type() == CV_8UC3
        && (half == nullptr || (bgr.rows % 2 == 0 && bgr.cols % 2 == 0 && (bgr.cols / 2) % 16 == 0));
#else
    const bool fast = false;
#endif
    if (!fast) {
        cv::cvtColor(bgr, gray, cv::COLOR_BGR2GRAY);
        if (half) cv::resize(gray, *half, cv::Size(gray.cols / 2, gray.rows / 2), 0, 0, cv::INTER_AREA);
        return false;
    }
#if defined(__x86_64__)
    gray.create(bgr.rows, bgr.cols, CV_8U);
    if (half) half->create(bgr.rows / 2, bgr.cols / 2, CV_8U);
    for (int y = 0; y < bgr.rows; y++) {
        grayRow(bgr.ptr<uint8_t>(y), gray.ptr<uint8_t>(y), bgr.cols);
        if (half && y % 2 == 1) halfRow(gray.ptr<uint8_t>(y - 1), gray.ptr<uint8_t>(y), half->ptr<uint8_t>(y / 2), bgr.cols / 2);
    }
#endif
    return true;
}

}  // namespace

extern "C" {

const char *gev_last_error(void) { return lastError.c_str(); }

void gev_set_threads(int count) {
    guarded(0, [&] { cv::setNumThreads(count); return 0; });
}

int gev_cpu_supported(void) {
#if defined(__x86_64__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi")
        && __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("f16c") && __builtin_cpu_supports("popcnt") ? 1 : 0;
#else
    return 1;
#endif
}

// MARK: Images

// gev_image_read and gev_image_write: io.cpp.

gev_image *gev_image_from_bgra(const uint8_t *pixels, int width, int height, int stride) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (pixels == nullptr || width <= 0 || height <= 0) { fail("empty pixels"); return nullptr; }
        cv::Mat bgra(height, width, CV_8UC4, const_cast<uint8_t *>(pixels), static_cast<size_t>(stride));
        cv::Mat bgr;
        cv::cvtColor(bgra, bgr, cv::COLOR_BGRA2BGR);
        return wrap(std::move(bgr));
    });
}

gev_image *gev_image_from_bgr(const uint8_t *pixels, int width, int height, int stride) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (pixels == nullptr || width <= 0 || height <= 0) { fail("empty pixels"); return nullptr; }
        cv::Mat view(height, width, CV_8UC3, const_cast<uint8_t *>(pixels), static_cast<size_t>(stride));
        return wrap(view.clone());
    });
}

gev_image *gev_image_copy(const gev_image *image) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (!validImage(image)) return nullptr;
        return wrap(image->mat.clone());
    });
}

void gev_image_free(gev_image *image) { delete image; }

int gev_image_width(const gev_image *image) { return image ? image->mat.cols : 0; }
int gev_image_height(const gev_image *image) { return image ? image->mat.rows : 0; }

const uint8_t *gev_image_bytes(const gev_image *image, int *stride) {
    if (image == nullptr) return nullptr;
    if (stride) *stride = static_cast<int>(image->mat.step[0]);
    return image->mat.data;
}

uint8_t *gev_image_mutable_bytes(gev_image *image, int *stride) {
    if (image == nullptr) return nullptr;
    if (stride) *stride = static_cast<int>(image->mat.step[0]);
    return image->mat.data;
}

// MARK: Image operations

gev_image *gev_warp_perspective(const gev_image *image, const double homography[9], int width, int height,
                                uint32_t fill) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (!validImage(image)) return nullptr;
        if (width <= 0 || height <= 0) { fail("empty output size"); return nullptr; }
        cv::Mat h(3, 3, CV_64F, const_cast<double *>(homography));
        cv::Scalar border((fill & 0xff), (fill >> 8) & 0xff, (fill >> 16) & 0xff);
        cv::Mat out;
        cv::warpPerspective(image->mat, out, h, cv::Size(width, height), cv::INTER_LINEAR, cv::BORDER_CONSTANT, border);
        return wrap(std::move(out));
    });
}

int gev_gaussian_blur(gev_image *image, double sigma) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        if (sigma > 0) cv::GaussianBlur(image->mat, image->mat, cv::Size(0, 0), sigma, sigma, cv::BORDER_REPLICATE);
        return 0;
    });
}

int gev_add_noise(gev_image *image, double sigma, uint64_t seed) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        cv::RNG rng(seed);
        cv::Mat noise(image->mat.size(), CV_16SC3);
        rng.fill(noise, cv::RNG::NORMAL, cv::Scalar::all(0), cv::Scalar::all(sigma));
        cv::Mat sum;
        image->mat.convertTo(sum, CV_16SC3);
        sum += noise;
        sum.convertTo(image->mat, CV_8UC3);  // saturating
        return 0;
    });
}

gev_image *gev_resize(const gev_image *image, int width, int height) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (!validImage(image)) return nullptr;
        if (width <= 0 || height <= 0) { fail("empty output size"); return nullptr; }
        cv::Mat out;
        bool shrinking = width < image->mat.cols;
        cv::resize(image->mat, out, cv::Size(width, height), 0, 0, shrinking ? cv::INTER_AREA : cv::INTER_LINEAR);
        return wrap(std::move(out));
    });
}

gev_image *gev_remap(const gev_image *image, const float *map_x, const float *map_y, int width, int height,
                     uint32_t fill) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (!validImage(image)) return nullptr;
        if (width <= 0 || height <= 0 || !map_x || !map_y) { fail("empty output size or no map"); return nullptr; }
        cv::Mat mapX(height, width, CV_32F, const_cast<float *>(map_x));
        cv::Mat mapY(height, width, CV_32F, const_cast<float *>(map_y));
        cv::Scalar border((fill & 0xff), (fill >> 8) & 0xff, (fill >> 16) & 0xff);
        cv::Mat out;
        cv::remap(image->mat, out, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_CONSTANT, border);
        return wrap(std::move(out));
    });
}

// MARK: Geometry

int gev_find_homography(const double *source, const double *destination, int count, double threshold,
                        double homography[9]) {
    return guarded(-1, [&] {
        if (count < 4) { fail("a homography needs at least 4 points"); return -1; }
        std::vector<cv::Point2d> src, dst;
        for (int i = 0; i < count; i++) {
            src.emplace_back(source[2 * i], source[2 * i + 1]);
            dst.emplace_back(destination[2 * i], destination[2 * i + 1]);
        }
        cv::Mat mask;
        cv::Mat h = cv::findHomography(src, dst, cv::RANSAC, threshold, mask);
        if (h.empty()) { fail("the points do not determine a perspective (are they in a line?)"); return -1; }
        for (int i = 0; i < 9; i++) homography[i] = h.at<double>(i / 3, i % 3);
        return cv::countNonZero(mask);
    });
}

int gev_fit_homography_linear(const double *source, const double *destination, int count, double homography[9]) {
    return guarded(-1, [&] {
        if (count < 4) { fail("a homography needs at least 4 points"); return -1; }
        // Hartley's normalisation: each point set moved to its centroid and scaled to a mean
        // distance of √2, which keeps the linear system well conditioned.
        auto normaliser = [count](const double *points) {
            double cx = 0, cy = 0, spread = 0;
            for (int i = 0; i < count; i++) { cx += points[2 * i]; cy += points[2 * i + 1]; }
            cx /= count; cy /= count;
            for (int i = 0; i < count; i++) spread += std::hypot(points[2 * i] - cx, points[2 * i + 1] - cy);
            const double s = spread > 0 ? std::sqrt(2.0) * count / spread : 1;
            return cv::Matx33d(s, 0, -s * cx, 0, s, -s * cy, 0, 0, 1);
        };
        const cv::Matx33d ts = normaliser(source), td = normaliser(destination);
        cv::Mat a(2 * count, 9, CV_64F);
        for (int i = 0; i < count; i++) {
            const cv::Vec3d p = ts * cv::Vec3d(source[2 * i], source[2 * i + 1], 1);
            const cv::Vec3d q = td * cv::Vec3d(destination[2 * i], destination[2 * i + 1], 1);
            const double x = p[0] / p[2], y = p[1] / p[2], u = q[0] / q[2], v = q[1] / q[2];
            double *r0 = a.ptr<double>(2 * i), *r1 = a.ptr<double>(2 * i + 1);
            const double row0[9] = {-x, -y, -1, 0, 0, 0, u * x, u * y, u};
            const double row1[9] = {0, 0, 0, -x, -y, -1, v * x, v * y, v};
            std::memcpy(r0, row0, sizeof row0);
            std::memcpy(r1, row1, sizeof row1);
        }
        // The unit vector h minimising |A h|: the eigenvector of AᵀA (9×9, symmetric) with the
        // least eigenvalue, which is A's right singular vector of its least singular value. The
        // lens search fits the same 32 points some 45 times a frame; OpenCV's eigen (Jacobi) on
        // AᵀA takes about 8 µs where the SVD of the 64×9 A (LAPACK) took 33 µs, and on these
        // normalised points agrees with it to about 1e-15.
        cv::Mat ata, values, vectors;
        cv::mulTransposed(a, ata, true);
        cv::eigen(ata, values, vectors);
        cv::Mat h = vectors.row(8).clone();
        cv::Matx33d normalised(h.ptr<double>());
        cv::Matx33d result = td.inv() * normalised * ts;
        if (std::abs(result(2, 2)) < 1e-12) { fail("the points do not determine a perspective (are they in a line?)"); return -1; }
        for (int i = 0; i < 9; i++) homography[i] = result(i / 3, i % 3) / result(2, 2);
        return 0;
    });
}

// MARK: ArUco markers

int gev_aruco_marker_bits(int dictionary, int id, uint8_t *bits, int capacity) {
    return guarded(-1, [&] {
        auto dict = dictionaryFor(dictionary);
        if (id < 0 || id >= dict->bytesList.rows) { fail("marker id " + std::to_string(id) + " is not in the dictionary"); return -1; }
        int side = dict->markerSize;
        if (side * side > capacity) { fail("the bits buffer is too small"); return -1; }
        cv::Mat grid = cv::aruco::Dictionary::getBitsFromByteList(dict->bytesList.rowRange(id, id + 1), side);
        for (int r = 0; r < side; r++)
            for (int c = 0; c < side; c++) bits[r * side + c] = grid.at<uint8_t>(r, c) ? 1 : 0;
        return side;
    });
}

int gev_aruco_detect(const gev_image *image, int dictionary, gev_marker *markers, int capacity, int search_width) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        auto dict = dictionaryFor(dictionary);
        // Two threshold windows instead of three, and a higher threshold constant: camera noise on
        // paper and table otherwise makes thousands of tiny candidate contours. Eight samples per
        // cell and full error correction read small, blurred markers that the defaults miss; a
        // wrong read is an outlier to the mat's perspective, which the caller drops. Measured on
        // 16 synthetic 720p frames with hands, blur and noise: 122 markers found in 8.8 ms a
        // frame, against 110 in 30 ms with the defaults. (Each window's threshold is
        // threshold.cpp's, which makes OpenCV's integers in a sixth of the time.)
        auto make = [](bool refine) {
            auto p = cv::aruco::DetectorParameters::create();
            p->cornerRefinementMethod = refine ? cv::aruco::CORNER_REFINE_SUBPIX : cv::aruco::CORNER_REFINE_NONE;
            p->adaptiveThreshWinSizeMin = 5;
            p->adaptiveThreshWinSizeMax = 15;
            p->adaptiveThreshWinSizeStep = 10;
            p->adaptiveThreshConstant = 12;
            p->perspectiveRemovePixelPerCell = 8;
            p->errorCorrectionRate = 1.0;
            return p;
        };
        static thread_local cv::Ptr<cv::aruco::DetectorParameters> full = make(true), reduced = make(false);
        cv::Mat gray, small;
        // Halved with the grey image when the shrunk size is exactly half (an odd height is
        // rounded as the resize below rounds it).
        const bool halving = search_width > 0 && image->mat.cols == 2 * search_width && image->mat.rows % 2 == 0;
        grayAndHalf(image->mat, gray, halving ? &small : nullptr);
        std::vector<std::vector<cv::Point2f>> corners;
        std::vector<int> ids;
        if (search_width > 0 && gray.cols > search_width) {
            // Found in the shrunk image, refined in the full one as the full search refines them
            // (the same window, iterations and accuracy).
            const double scale = double(gray.cols) / search_width;
            if (!halving)
                cv::resize(gray, small, cv::Size(search_width, int(std::lround(gray.rows / scale))), 0, 0, cv::INTER_AREA);
            cv::aruco::detectMarkers(small, dict, corners, ids, reduced);
            std::vector<cv::Point2f> points;
            for (auto &marker : corners)
                for (auto &corner : marker)
                    // INTER_AREA's pixel centres: shrunk x + 0.5 spans scale full pixels.
                    points.emplace_back(float((corner.x + 0.5) * scale - 0.5), float((corner.y + 0.5) * scale - 0.5));
            if (!points.empty()) {
                const int window = full->cornerRefinementWinSize;
                cv::cornerSubPix(gray, points, cv::Size(window, window), cv::Size(-1, -1),
                                 cv::TermCriteria(cv::TermCriteria::MAX_ITER | cv::TermCriteria::EPS,
                                                  full->cornerRefinementMaxIterations, full->cornerRefinementMinAccuracy));
                for (size_t i = 0; i < points.size(); i++) corners[i / 4][i % 4] = points[i];
            }
        } else {
            cv::aruco::detectMarkers(gray, dict, corners, ids, full);
        }
        int found = static_cast<int>(ids.size());
        for (int i = 0; i < found && i < capacity; i++) {
            markers[i].id = ids[i];
            for (int k = 0; k < 4; k++) {
                markers[i].corners[2 * k] = corners[i][k].x;
                markers[i].corners[2 * k + 1] = corners[i][k].y;
            }
        }
        return found;
    });
}

int gev_gray_mismatches(const gev_image *image, int halve, int *fast) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        cv::Mat gray, half, expectedGray, expectedHalf;
        const bool quick = grayAndHalf(image->mat, gray, halve ? &half : nullptr);
        if (fast) *fast = quick ? 1 : 0;
        cv::cvtColor(image->mat, expectedGray, cv::COLOR_BGR2GRAY);
        int mismatches = cv::countNonZero(gray != expectedGray);
        if (halve) {
            cv::resize(expectedGray, expectedHalf, cv::Size(expectedGray.cols / 2, expectedGray.rows / 2), 0, 0, cv::INTER_AREA);
            if (half.size() != expectedHalf.size()) return -1;
            mismatches += cv::countNonZero(half != expectedHalf);
        }
        return mismatches;
    });
}

// MARK: Cameras and video files: io.cpp

// MARK: Synthetic frames

int gev_apply_lighting(gev_image *image, double darkest, double brightest, double direction_degrees,
                       double cast_red, double cast_green, double cast_blue) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        cv::Mat &mat = image->mat;
        const int width = mat.cols, height = mat.rows;
        const double angle = direction_degrees * CV_PI / 180;
        const double dx = std::cos(angle), dy = std::sin(angle);
        const double cx = width / 2.0, cy = height / 2.0;
        // t runs from -1 at the darkest corner to +1 at the brightest; the same operations in
        // the same order as the Swift it replaces, so every byte comes out the same.
        const double reach = std::abs(cx * dx) + std::abs(cy * dy);
        const double slope = (brightest - darkest) / 2, middle = (brightest + darkest) / 2;
        const double blue = cast_blue * 65536, green = cast_green * 65536, red = cast_red * 65536;
        auto scaled = [](uint8_t value, int64_t factor) -> uint8_t {
            int64_t v = (static_cast<int64_t>(value) * factor + 32768) >> 16;
            return static_cast<uint8_t>(v < 255 ? v : 255);
        };
        for (int y = 0; y < height; y++) {
            uint8_t *row = mat.ptr<uint8_t>(y);
            const double rowT = ((static_cast<double>(y) + 0.5 - cy) * dy) / reach;
            const double stepT = dx / reach;
            double t = ((0.5 - cx) * dx) / reach + rowT;
            for (int x = 0; x < width; x++) {
                const double factor = middle + slope * t;
                uint8_t *pixel = row + 3 * x;
                pixel[0] = scaled(pixel[0], static_cast<int64_t>(factor * blue));
                pixel[1] = scaled(pixel[1], static_cast<int64_t>(factor * green));
                pixel[2] = scaled(pixel[2], static_cast<int64_t>(factor * red));
                t += stepT;
            }
        }
        return 0;
    });
}

int gev_composite_premultiplied(gev_image *image, const uint8_t *bgra, int stride) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        if (bgra == nullptr || stride < 4 * image->mat.cols) { fail("no layer pixels"); return -1; }
        cv::Mat &mat = image->mat;
        for (int y = 0; y < mat.rows; y++) {
            const uint8_t *source = bgra + static_cast<size_t>(y) * stride;
            uint8_t *target = mat.ptr<uint8_t>(y);
            for (int x = 0; x < mat.cols; x++) {
                const uint8_t *s = source + 4 * x;
                const int alpha = s[3];
                if (alpha == 0) continue;
                uint8_t *t = target + 3 * x;
                for (int c = 0; c < 3; c++) {
                    const int v = s[c] + (t[c] * (255 - alpha) + 127) / 255;
                    t[c] = static_cast<uint8_t>(v < 255 ? v : 255);
                }
            }
        }
        return 0;
    });
}

}  // extern "C"

// MARK: Photograph-like frames

gev_image *gev_warp_lens(const gev_image *image, const double homography[9], double fx, double fy, double cx,
                         double cy, double k1, double k2, int width, int height, uint32_t fill) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        if (!validImage(image)) return nullptr;
        if (width <= 0 || height <= 0 || fx <= 0 || fy <= 0) { fail("empty output size or focal length"); return nullptr; }
        cv::Mat mapX(height, width, CV_32F), mapY(height, width, CV_32F);
        const double *h = homography;
        for (int v = 0; v < height; v++) {
            float *rowX = mapX.ptr<float>(v), *rowY = mapY.ptr<float>(v);
            for (int u = 0; u < width; u++) {
                double x = (u - cx) / fx, y = (v - cy) / fy, r2 = x * x + y * y;
                double k = 1 + k1 * r2 + k2 * r2 * r2;
                double px = x * k * fx + cx, py = y * k * fy + cy;
                double w = h[6] * px + h[7] * py + h[8];
                if (w <= 1e-12) { rowX[u] = -1e6f; rowY[u] = -1e6f; continue; }
                rowX[u] = float((h[0] * px + h[1] * py + h[2]) / w);
                rowY[u] = float((h[3] * px + h[4] * py + h[5]) / w);
            }
        }
        cv::Scalar border((fill & 0xff), (fill >> 8) & 0xff, (fill >> 16) & 0xff);
        cv::Mat out;
        cv::remap(image->mat, out, mapX, mapY, cv::INTER_LINEAR, cv::BORDER_CONSTANT, border);
        return wrap(std::move(out));
    });
}

int gev_motion_blur(gev_image *image, double length, double degrees) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        if (length < 1) return 0;
        int size = int(std::ceil(length)) | 1;
        cv::Mat kernel = cv::Mat::zeros(size, size, CV_32F);
        double c = std::cos(degrees * CV_PI / 180), s = std::sin(degrees * CV_PI / 180);
        int samples = 4 * size;
        for (int i = 0; i < samples; i++) {
            double t = (double(i) / (samples - 1) - 0.5) * length;
            int x = int(std::lround(size / 2 + t * c)), y = int(std::lround(size / 2 + t * s));
            if (x >= 0 && x < size && y >= 0 && y < size) kernel.at<float>(y, x) += 1;
        }
        kernel /= cv::sum(kernel)[0];
        cv::filter2D(image->mat, image->mat, -1, kernel, cv::Point(-1, -1), 0, cv::BORDER_REPLICATE);
        return 0;
    });
}

// gev_jpeg_roundtrip: io.cpp.
