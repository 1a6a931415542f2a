# Installs the Debian packages gridedit builds on, when any is missing.
# Sourced by scripts/setup.sh and scripts/test.sh; uses sudo when not root.
GRIDEDIT_APT_PACKAGES="libcairo2-dev libopencv-dev libopencv-contrib-dev libjson-c-dev libssl-dev libedit-dev pkg-config fonts-dejavu-core python3-jsonschema libxml2-utils poppler-utils"
# Only the tests need these: the browser tests drive Debian's chromium through chromedriver.
GRIDEDIT_TEST_APT_PACKAGES="chromium chromium-driver"
# The Sudoku grader's test-only oracle, HoDoKu's rating (hodoku-py from PyPI, GPL): installed in
# a virtual environment under .build/, run as a separate process by Tests/Oracles/hodoku_score.py,
# never linked or shipped.
GRIDEDIT_HODOKU_PIP="hodoku-py==0.2.1"
GRIDEDIT_HODOKU_VENV=".build/oracles/hodoku"

gridedit_missing_packages() {
    local missing=""
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
    done
    echo "$missing"
}

gridedit_apt_install() {
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@"
}

gridedit_install_deps() {
    local missing
    missing=$(gridedit_missing_packages $GRIDEDIT_APT_PACKAGES)
    [ -z "$missing" ] && return 0
    echo "Installing missing packages:$missing"
    gridedit_apt_install $missing
}

# The test-only packages. A package this machine's archive does not offer (no install candidate,
# e.g. an architecture without chromium) is left out with a note, and the browser tests skip;
# one it offers must install. Exports GRIDEDIT_REQUIRE_BROWSER=1 when chromium is there, so that
# the browser tests fail rather than skip if they then cannot find it.
gridedit_install_test_deps() {
    local missing installable="" pkg
    missing=$(gridedit_missing_packages $GRIDEDIT_TEST_APT_PACKAGES)
    if [ -n "$missing" ]; then
        for pkg in $missing; do
            if apt-cache policy "$pkg" 2>/dev/null | grep -q 'Candidate: [^(]'; then
                installable="$installable $pkg"
            else
                echo "note: $pkg cannot be installed here (no candidate); the browser tests will skip"
            fi
        done
        if [ -n "$installable" ]; then
            echo "Installing missing test packages:$installable"
            gridedit_apt_install $installable
        fi
    fi
    if [ -z "$(gridedit_missing_packages $GRIDEDIT_TEST_APT_PACKAGES)" ]; then
        export GRIDEDIT_REQUIRE_BROWSER=1
    fi
    gridedit_install_hodoku
}

# Exports GRIDEDIT_REQUIRE_HODOKU=1 once the oracle imports, so that its test fails rather than
# skips if it then cannot run it; a machine where it cannot be installed (no venv, no PyPI) gets
# a note and the test skips.
gridedit_install_hodoku() {
    local python="$GRIDEDIT_HODOKU_VENV/bin/python"
    if ! "$python" -c 'import hodoku' 2>/dev/null; then
        # Debian's python3 makes virtual environments only with python3-venv.
        if ! python3 -c 'import ensurepip' 2>/dev/null && apt-cache policy python3-venv 2>/dev/null | grep -q 'Candidate: [^(]'; then
            gridedit_apt_install python3-venv
        fi
        if python3 -m venv "$GRIDEDIT_HODOKU_VENV" >/dev/null \
            && "$python" -m pip install -q --disable-pip-version-check "$GRIDEDIT_HODOKU_PIP"; then
            echo "Installed the test oracle $GRIDEDIT_HODOKU_PIP in $GRIDEDIT_HODOKU_VENV"
        else
            echo "note: $GRIDEDIT_HODOKU_PIP cannot be installed here; the Sudoku oracle test will skip"
            return 0
        fi
    fi
    "$python" -c 'import hodoku' 2>/dev/null && export GRIDEDIT_REQUIRE_HODOKU=1
    return 0
}
