/*
 * gridedit_vision.h: the plain C face of the OpenCV code gridedit uses for camera capture.
 *
 * Why C: Swift imports this header as an ordinary C module, so no OpenCV (C++) type ever
 * reaches Swift and no C++ exception can unwind through Swift frames. Every entry point catches
 * everything; on failure it returns NULL (or a negative number) and gev_last_error() says why.
 *
 * Images are 8-bit, 3-channel BGR (OpenCV's order) unless a function says otherwise.
 * Coordinates are OpenCV's: pixel (column, row) has its centre at (column, row), so the image's
 * top-left corner is at (-0.5, -0.5).
 * Objects returned by *_open / *_read / image functions are owned by the caller: free them.
 */
#ifndef GRIDEDIT_VISION_H
#define GRIDEDIT_VISION_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The message of the last failure on this thread ("" when none). */
const char *gev_last_error(void);

/* OpenCV's worker threads (1 = one core, as in the benchmark). */
void gev_set_threads(int count);

/* 1 when this CPU runs what GridEditCapture's release build needs (x86-64-v3: AVX2, FMA, BMI1/2,
   F16C, LZCNT, MOVBE; Package.swift, captureCPU), else 0; always 1 on other architectures. Built
   for any x86-64, so it can be asked first. */
int gev_cpu_supported(void);

/* MARK: Images */

typedef struct gev_image gev_image;

/* PNG, JPEG, … by extension; NULL with a message when unreadable. Image files and videos go
   through OpenCV's imgcodecs and videoio, loaded on first use (io.cpp). */
gev_image *gev_image_read(const char *path);
/* 1 when imgcodecs and videoio load and have every function gridedit calls, else 0 with a
   message (what to install). Loads them if they are not loaded yet. */
int gev_image_codecs_ready(void);
/* The version in the OpenCV libraries' sonames this was built against (406 for 4.6). */
int gev_opencv_soversion(void);
/* Returns 0, or -1 with a message. */
int gev_image_write(const gev_image *image, const char *path);
/* Copies Cairo's ARGB32 pixels (B, G, R, A bytes in memory on little-endian) into a BGR image. */
gev_image *gev_image_from_bgra(const uint8_t *pixels, int width, int height, int stride);
/* Copies tightly or loosely packed BGR pixels. */
gev_image *gev_image_from_bgr(const uint8_t *pixels, int width, int height, int stride);
gev_image *gev_image_copy(const gev_image *image);
void gev_image_free(gev_image *image);
int gev_image_width(const gev_image *image);
int gev_image_height(const gev_image *image);
/* The BGR bytes, row by row; *stride receives the bytes per row. Valid until the image is freed. */
const uint8_t *gev_image_bytes(const gev_image *image, int *stride);
uint8_t *gev_image_mutable_bytes(gev_image *image, int *stride);

/* MARK: Image operations (the capture pipeline and the synthetic frames of tests and benchmarks) */

/* The image as seen through `homography` (3×3, row-major, mapping source pixels to output
 * pixels), `width`×`height`, bilinear; outside the source is filled with the BGR colour
 * `fill` (0xRRGGBB). */
gev_image *gev_warp_perspective(const gev_image *image, const double homography[9], int width, int height,
                                uint32_t fill);
/* The image resampled at the given places: output pixel (u, v) of the `width`×`height` result is
 * the source at (map_x[v·width + u], map_y[v·width + u]), bilinear; outside the source is the BGR
 * colour `fill` (0xRRGGBB). For maps no homography expresses (a lens's bend). */
gev_image *gev_remap(const gev_image *image, const float *map_x, const float *map_y, int width, int height,
                     uint32_t fill);
/* A Gaussian blur with standard deviation `sigma` pixels (in place). */
int gev_gaussian_blur(gev_image *image, double sigma);
/* Adds Gaussian noise of standard deviation `sigma` levels, reproducibly from `seed` (in place). */
int gev_add_noise(gev_image *image, double sigma, uint64_t seed);
/* Scales to width×height (area averaging when shrinking). */
gev_image *gev_resize(const gev_image *image, int width, int height);

/* MARK: Geometry */

/* The homography mapping `count` (≥ 4) source points onto destination points (x0, y0, x1, …),
 * by least squares over RANSAC inliers (reprojection threshold in destination units). Returns the
 * number of inliers, or -1 with a message (degenerate points). */
int gev_find_homography(const double *source, const double *destination, int count, double threshold,
                        double homography[9]);

/* The homography that fits all `count` (≥ 4) points by the normalised direct linear transform
 * alone: one singular value decomposition, no outlier search and no iterative refinement, for a
 * caller that fits the same points many times over (a lens search). Returns 0, or -1 with a
 * message (degenerate points). */
int gev_fit_homography_linear(const double *source, const double *destination, int count, double homography[9]);

/* MARK: ArUco markers */

/* OpenCV's predefined dictionary DICT_4X4_50. */
#define GEV_DICT_4X4_50 0

/* Marker `id`'s inner bits, row by row from the top, 1 = white: fills side×side entries of `bits`
 * (capacity entries at most) and returns side, or -1 with a message. */
int gev_aruco_marker_bits(int dictionary, int id, uint8_t *bits, int capacity);

typedef struct gev_marker {
    int id;
    /* The marker's corners clockwise from its top-left, as printed: x0, y0, … x3, y3. */
    float corners[8];
} gev_marker;

/* Finds markers of `dictionary` in the image; writes at most `capacity` of them and returns how
 * many it found (which may be more than capacity), or -1 with a message. With `search_width` > 0
 * and an image wider than that, the markers are searched for in the image shrunk to that width
 * and their corners then refined to sub-pixel places in the full image (a fraction of the time);
 * 0 searches the full image. */
int gev_aruco_detect(const gev_image *image, int dictionary, gev_marker *markers, int capacity, int search_width);

/* For tests: how many pixels of the marker search's grey image (and, with `halve`, its half-size
 * copy) differ from OpenCV's cvtColor (and resize, INTER_AREA); -1 with a message on failure.
 * `fast` (may be NULL) is set to 1 when the search's own one-pass conversion made them, 0 when
 * OpenCV did (no AVX2, or a size it does not take). */
int gev_gray_mismatches(const gev_image *image, int halve, int *fast);

/* The marker search's adaptive threshold (threshold.cpp, which stands in for OpenCV's
 * cv::adaptiveThreshold in this program), for tests. `gev_box_mean_mismatches`: of every window
 * sum of a `block`×`block` window (block odd, 3 to 15), how many the threshold averages otherwise
 * than OpenCV's boxFilter. `gev_adaptive_threshold_mismatches`: how many pixels of the image
 * (made grey as cvtColor does) it thresholds otherwise than OpenCV's adaptiveThreshold (mean,
 * binary or with `inverse` inverted, maximum 255); with `portable`, without AVX2. Both -1 with
 * a message for an argument outside what it takes. `gev_adaptive_threshold_fast_calls`: how many calls to
 * cv::adaptiveThreshold it has answered itself (OpenCV's ArUco detector's included). */
int gev_box_mean_mismatches(int block);
int gev_adaptive_threshold_mismatches(const gev_image *image, int block, double delta, int inverse, int portable);
long gev_adaptive_threshold_fast_calls(void);

/* MARK: Cameras and video files */

typedef struct gev_video gev_video;

/* A video file (any container OpenCV's backends read) or an image sequence pattern (frame%03d.png). */
gev_video *gev_video_open_file(const char *path);
/* A camera by V4L2 index (/dev/videoN); width/height request a mode (0 = the camera's default). */
gev_video *gev_video_open_camera(int index, int width, int height);
/* The next frame into *frame (the caller frees it): 1 = a frame, 0 = the end, -1 = an error. */
int gev_video_read(gev_video *video, gev_image **frame);
/* Frames per second as the source reports it (0 when unknown). */
double gev_video_fps(const gev_video *video);
void gev_video_close(gev_video *video);

typedef struct gev_video_writer gev_video_writer;

/* Motion-JPEG in an AVI container, which OpenCV writes without external codecs. */
gev_video_writer *gev_video_writer_open(const char *path, double fps, int width, int height);
int gev_video_writer_write(gev_video_writer *writer, const gev_image *frame);
/* Finishes the file; returns 0, or -1 with a message. */
int gev_video_writer_close(gev_video_writer *writer);

/* MARK: Synthetic frames (tests and the benchmark) */

/* Uneven light (in place): every channel is scaled by factor(x, y) × its cast (red, green, blue),
 * where the factor runs linearly from `darkest` to `brightest` across the frame along
 * `direction_degrees` (0 = to the right, 90 = down), reaching them at the frame's far corners.
 * Fixed point (factor × 2^16, rounded, saturating at 255), pixel by pixel as SyntheticFrames'
 * Lighting did in Swift, so frames keep their bytes. Returns 0, or -1 with a message. */
int gev_apply_lighting(gev_image *image, double darkest, double brightest, double direction_degrees,
                       double cast_red, double cast_green, double cast_blue);
/* Lays premultiplied BGRA pixels (Cairo's ARGB32, the image's size) over the image in place:
 * out = layer + image × (255 − alpha) / 255, rounded, saturating. Returns 0, or -1 with a message. */
int gev_composite_premultiplied(gev_image *image, const uint8_t *bgra, int stride);

/* MARK: Photograph-like frames (tests and the benchmark): a lens, motion and JPEG */

/* What a camera with radial lens distortion sees of a plane image. Output pixel (u, v) is a
 * distorted image point: with normalised coordinates x = (u - cx) / fx, y = (v - cy) / fy and
 * r² = x² + y², the undistorted point is (x, y) · (1 + k1 r² + k2 r⁴) (k1 > 0: barrel), which
 * `homography` (3×3, row-major, undistorted output pixels → source pixels) maps into the source.
 * Bilinear; outside the source is `fill` (0xRRGGBB). NULL with a message on failure. */
gev_image *gev_warp_lens(const gev_image *image, const double homography[9], double fx, double fy, double cx,
                         double cy, double k1, double k2, int width, int height, uint32_t fill);
/* A straight motion blur `length` pixels long along `degrees` (0 = to the right), in place. */
int gev_motion_blur(gev_image *image, double length, double degrees);
/* The image encoded as JPEG at `quality` (1–100) and decoded again, in place. */
int gev_jpeg_roundtrip(gev_image *image, int quality);

#ifdef __cplusplus
}
#endif

#endif
