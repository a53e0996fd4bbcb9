#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Regenerates the FlatBuffers Java bindings for Arrow's IPC metadata
# (package dev.quiver.ipc.flatbuf) from the .fbs files in the repository's format/ folder.
#
# The namespace org.apache.arrow.flatbuf is renamed to dev.quiver.ipc.flatbuf and
# every // comment is stripped first, so no upstream prose lands in generated code.
# The output replaces quiver-ipc/src/main/java/dev/quiver/ipc/flatbuf/ and is
# committed: the Maven build never runs flatc.
#
# Requires Debian's flatbuffers-compiler 2.0.8 (flatc 2.0.8). Its output pins itself to the 2.0.8
# runtime through ValidateVersion() { Constants.FLATBUFFERS_2_0_8(); }, which no code calls; those
# methods are removed. The bindings import the FlatBuffers runtime under the package the build
# relocates it to (dev.quiver.ipc.internal.flatbuffers; see quiver-ipc/pom.xml).
set -euo pipefail

script_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module_dir="$(cd "${script_dir}/.." && pwd)"
repo_root="$(cd "${module_dir}/.." && pwd)"
spec_dir="${repo_root}/format"
dest_dir="${module_dir}/src/main/java/dev/quiver/ipc/flatbuf"

command -v flatc >/dev/null || { echo "flatc not found (apt-get install flatbuffers-compiler)" >&2; exit 1; }
version="$(flatc --version)"
if [[ "${version}" != "flatc version 2.0.8" ]]; then
  echo "warning: expected flatc version 2.0.8, found: ${version}" >&2
fi

work="$(mktemp -d)"
trap 'rm -rf "${work}"' EXIT
mkdir -p "${work}/fbs" "${work}/out"

for f in Schema.fbs Message.fbs File.fbs Tensor.fbs SparseTensor.fbs; do
  sed -e 's/org\.apache\.arrow\.flatbuf/dev.quiver.ipc.flatbuf/g' \
      -e 's://.*$::' \
      "${spec_dir}/${f}" > "${work}/fbs/${f}"
done

(cd "${work}/fbs" && flatc --java -o "${work}/out" Schema.fbs Message.fbs File.fbs Tensor.fbs SparseTensor.fbs)

generated="${work}/out/dev/quiver/ipc/flatbuf"
[[ -d "${generated}" ]] || { echo "flatc produced no ${generated}" >&2; exit 1; }

rm -rf "${dest_dir}"
mkdir -p "${dest_dir}"
cp "${generated}"/*.java "${dest_dir}/"
sed -i -e '/public static void ValidateVersion() { Constants.FLATBUFFERS_[0-9_]*(); }/d' \
       -e 's/^import com\.google\.flatbuffers\./import dev.quiver.ipc.internal.flatbuffers./' \
       -e '1i // SPDX-License-Identifier: Apache-2.0' "${dest_dir}"/*.java
if grep -q 'Constants.FLATBUFFERS_' "${dest_dir}"/*.java; then
  echo "a runtime version pin is left in the generated code" >&2
  exit 1
fi
echo "Generated $(ls "${dest_dir}" | wc -l) files into ${dest_dir}"
