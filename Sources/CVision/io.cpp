// Image files and videos: OpenCV's imgcodecs and videoio, loaded the first time a file is read or
// written or a camera opened, not when gridedit-capture starts.
//
// Why: those two libraries bring about 240 others with them (GDAL, FFmpeg, GStreamer, …). Linked
// into the executable, loading them took about 100 ms of every gridedit-capture start (a
// program linking only the other four OpenCV modules starts in 8 ms), before the first frame
// was read. Loaded here on demand, a start that reads no image pays nothing, and one that reads
// an image pays only for imgcodecs.
//
// How: dlopen the libraries by the soname of the OpenCV the target was built against, then
// dlsym each function used, by its C++ (Itanium ABI) name. A member function is a plain
// function with the object as its first argument; the objects live in storage of the class's
// own size, built and destroyed through the class's own constructor and destructor. A function
// that cannot be found refuses with a message that names it and says what to install
// (`LazyOpenCVTests` loads every one).

#include "gridedit_vision.h"
#include "internal.hpp"

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <dlfcn.h>

#include <memory>
#include <string>
#include <vector>

using namespace cvision;

namespace {

std::string soname(const char *module) {
    return std::string("libopencv_") + module + ".so." + std::to_string(gev_opencv_soversion());
}

// One library and the functions taken from it; `problem` says what went wrong, if anything.
struct Library {
    void *handle = nullptr;
    std::string problem;

    explicit Library(const char *module) {
        const std::string name = soname(module);
        handle = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (handle == nullptr) {
            const char *why = dlerror();
            problem = "OpenCV's " + std::string(module) + " module could not be loaded (" + (why ? why : name)
                + "); install it: ./scripts/setup.sh does, or apt-get install libopencv-" + module + "-dev";
        }
    }

    template <typename Function> void take(Function &out, const char *symbol) {
        if (handle == nullptr) return;
        void *address = dlsym(handle, symbol);
        if (address == nullptr) {
            if (problem.empty()) problem = std::string("OpenCV's library has no ") + symbol + ": gridedit was built against another OpenCV; rebuild it";
            return;
        }
        out = reinterpret_cast<Function>(address);
    }
};

struct Codecs : Library {
    cv::Mat (*imread)(const std::string &, int) = nullptr;
    bool (*imwrite)(const std::string &, const cv::_InputArray &, const std::vector<int> &) = nullptr;
    bool (*imencode)(const std::string &, const cv::_InputArray &, std::vector<uchar> &, const std::vector<int> &) = nullptr;
    cv::Mat (*imdecode)(const cv::_InputArray &, int) = nullptr;

    Codecs() : Library("imgcodecs") {
        take(imread, "_ZN2cv6imreadERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi");
        take(imwrite, "_ZN2cv7imwriteERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_11_InputArrayERKSt6vectorIiSaIiEE");
        take(imencode, "_ZN2cv8imencodeERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEERKNS_11_InputArrayERSt6vectorIhSaIhEERKSB_IiSaIiEE");
        take(imdecode, "_ZN2cv8imdecodeERKNS_11_InputArrayEi");
    }
};

struct Videos : Library {
    void (*captureMake)(void *) = nullptr;
    void (*captureDestroy)(void *) = nullptr;
    bool (*captureOpenFile)(void *, const std::string &, int) = nullptr;
    bool (*captureOpenCamera)(void *, int, int) = nullptr;
    bool (*captureIsOpened)(const void *) = nullptr;
    bool (*captureRead)(void *, const cv::_OutputArray &) = nullptr;
    bool (*captureSet)(void *, int, double) = nullptr;
    double (*captureGet)(const void *, int) = nullptr;
    void (*writerMake)(void *) = nullptr;
    void (*writerDestroy)(void *) = nullptr;
    bool (*writerOpen)(void *, const std::string &, int, int, double, cv::Size, bool) = nullptr;
    void (*writerWrite)(void *, const cv::_InputArray &) = nullptr;
    void (*writerRelease)(void *) = nullptr;

    Videos() : Library("videoio") {
        take(captureMake, "_ZN2cv12VideoCaptureC1Ev");
        take(captureDestroy, "_ZN2cv12VideoCaptureD1Ev");
        take(captureOpenFile, "_ZN2cv12VideoCapture4openERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEi");
        take(captureOpenCamera, "_ZN2cv12VideoCapture4openEii");
        take(captureIsOpened, "_ZNK2cv12VideoCapture8isOpenedEv");
        take(captureRead, "_ZN2cv12VideoCapture4readERKNS_12_OutputArrayE");
        take(captureSet, "_ZN2cv12VideoCapture3setEid");
        take(captureGet, "_ZNK2cv12VideoCapture3getEi");
        take(writerMake, "_ZN2cv11VideoWriterC1Ev");
        take(writerDestroy, "_ZN2cv11VideoWriterD1Ev");
        take(writerOpen, "_ZN2cv11VideoWriter4openERKNSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEEiidNS_5Size_IiEEb");
        take(writerWrite, "_ZN2cv11VideoWriter5writeERKNS_11_InputArrayE");
        take(writerRelease, "_ZN2cv11VideoWriter7releaseEv");
    }
};

// Loaded once, on first use, by whichever thread asks first (a static's initialisation is
// thread-safe); nullptr, with the message set, when something is missing.
const Codecs *codecs() {
    static const Codecs loaded;
    if (!loaded.problem.empty()) { fail(loaded.problem); return nullptr; }
    return &loaded;
}

const Videos *videos() {
    static const Videos loaded;
    if (!loaded.problem.empty()) { fail(loaded.problem); return nullptr; }
    return &loaded;
}

}  // namespace

// An OpenCV object in storage of its own size, made and destroyed by the library's own
// constructor and destructor.
struct gev_video {
    alignas(cv::VideoCapture) unsigned char storage[sizeof(cv::VideoCapture)];
    const Videos *library;
    void *capture() { return storage; }
    explicit gev_video(const Videos *l) : library(l) { library->captureMake(storage); }
    ~gev_video() { library->captureDestroy(storage); }
};

struct gev_video_writer {
    alignas(cv::VideoWriter) unsigned char storage[sizeof(cv::VideoWriter)];
    const Videos *library;
    void *writer() { return storage; }
    explicit gev_video_writer(const Videos *l) : library(l) { library->writerMake(storage); }
    ~gev_video_writer() { library->writerDestroy(storage); }
};

int gev_opencv_soversion(void) { return CV_VERSION_MAJOR * 100 + CV_VERSION_MINOR; }

int gev_image_codecs_ready(void) {
    return guarded(0, [] { return codecs() != nullptr && videos() != nullptr ? 1 : 0; });
}

// MARK: Images

gev_image *gev_image_read(const char *path) {
    return guarded<gev_image *>(nullptr, [&]() -> gev_image * {
        const Codecs *io = codecs();
        if (io == nullptr) return nullptr;
        cv::Mat mat = io->imread(path, cv::IMREAD_COLOR);
        if (mat.empty()) { fail("not a readable image"); return nullptr; }
        return wrap(std::move(mat));
    });
}

int gev_image_write(const gev_image *image, const char *path) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        const Codecs *io = codecs();
        if (io == nullptr) return -1;
        if (!io->imwrite(path, image->mat, {})) { fail("could not write the image (unknown extension?)"); return -1; }
        return 0;
    });
}

int gev_jpeg_roundtrip(gev_image *image, int quality) {
    return guarded(-1, [&] {
        if (!validImage(image)) return -1;
        const Codecs *io = codecs();
        if (io == nullptr) return -1;
        std::vector<uchar> bytes;
        if (!io->imencode(".jpg", image->mat, bytes, {cv::IMWRITE_JPEG_QUALITY, std::max(1, std::min(100, quality))})) {
            fail("JPEG encoding failed");
            return -1;
        }
        cv::Mat decoded = io->imdecode(bytes, cv::IMREAD_COLOR);
        if (decoded.empty()) { fail("JPEG decoding failed"); return -1; }
        image->mat = decoded;
        return 0;
    });
}

// MARK: Cameras and video files

namespace {

// A capture opened by `open` (a file or a camera), or nullptr with `failure` as the message. The
// object is freed on every way out, an exception from OpenCV's open included.
template <typename Open>
gev_video *openCapture(const char *failure, Open open) {
    const Videos *io = videos();
    if (io == nullptr) return nullptr;
    auto video = std::make_unique<gev_video>(io);
    if (!open(*io, video->capture()) || !io->captureIsOpened(video->capture())) {
        fail(failure);
        return nullptr;
    }
    return video.release();
}

}  // namespace

gev_video *gev_video_open_file(const char *path) {
    return guarded<gev_video *>(nullptr, [&] {
        return openCapture("OpenCV cannot read it as a video",
                           [&](const Videos &io, void *capture) { return io.captureOpenFile(capture, path, cv::CAP_ANY); });
    });
}

gev_video *gev_video_open_camera(int index, int width, int height) {
    return guarded<gev_video *>(nullptr, [&] {
        gev_video *video = openCapture("the camera did not open", [&](const Videos &io, void *capture) {
            return io.captureOpenCamera(capture, index, cv::CAP_V4L2);
        });
        if (video != nullptr && width > 0 && height > 0) {
            video->library->captureSet(video->capture(), cv::CAP_PROP_FRAME_WIDTH, width);
            video->library->captureSet(video->capture(), cv::CAP_PROP_FRAME_HEIGHT, height);
        }
        return video;
    });
}

int gev_video_read(gev_video *video, gev_image **frame) {
    return guarded(-1, [&] {
        if (video == nullptr || frame == nullptr) { fail("no video"); return -1; }
        cv::Mat mat;
        if (!video->library->captureRead(video->capture(), mat) || mat.empty()) return 0;
        if (mat.channels() == 1) cv::cvtColor(mat, mat, cv::COLOR_GRAY2BGR);
        else if (mat.channels() == 4) cv::cvtColor(mat, mat, cv::COLOR_BGRA2BGR);
        *frame = wrap(std::move(mat));
        return 1;
    });
}

double gev_video_fps(const gev_video *video) {
    return guarded(0.0, [&] {
        return video ? video->library->captureGet(const_cast<gev_video *>(video)->capture(), cv::CAP_PROP_FPS) : 0.0;
    });
}

void gev_video_close(gev_video *video) {
    guarded(0, [&] { delete video; return 0; });
}

gev_video_writer *gev_video_writer_open(const char *path, double fps, int width, int height) {
    return guarded<gev_video_writer *>(nullptr, [&]() -> gev_video_writer * {
        const Videos *io = videos();
        if (io == nullptr) return nullptr;
        auto writer = std::make_unique<gev_video_writer>(io);
        // cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), which is inline arithmetic.
        const int fourcc = 'M' | ('J' << 8) | ('P' << 16) | ('G' << 24);
        if (!io->writerOpen(writer->writer(), path, cv::CAP_OPENCV_MJPEG, fourcc, fps, cv::Size(width, height), true)) {
            fail("could not open the video for writing (use a .avi name)");
            return nullptr;
        }
        return writer.release();
    });
}

int gev_video_writer_write(gev_video_writer *writer, const gev_image *frame) {
    return guarded(-1, [&] {
        if (writer == nullptr || !validImage(frame)) return -1;
        writer->library->writerWrite(writer->writer(), frame->mat);
        return 0;
    });
}

int gev_video_writer_close(gev_video_writer *writer) {
    return guarded(-1, [&] {
        if (writer == nullptr) return -1;
        writer->library->writerRelease(writer->writer());
        delete writer;
        return 0;
    });
}
