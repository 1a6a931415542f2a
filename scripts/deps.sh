# Installs the Debian packages gridedit builds on, when any is missing.
# Sourced by scripts/setup.sh and scripts/test.sh; uses sudo when not root.
GRIDEDIT_APT_PACKAGES="libcairo2-dev libopencv-dev libopencv-contrib-dev libjson-c-dev libedit-dev pkg-config fonts-dejavu-core python3-jsonschema libxml2-utils poppler-utils"

gridedit_install_deps() {
    local missing=""
    for pkg in $GRIDEDIT_APT_PACKAGES; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing="$missing $pkg"
    done
    [ -z "$missing" ] && return 0
    echo "Installing missing packages:$missing"
    local sudo=""
    [ "$(id -u)" -ne 0 ] && sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing
}
