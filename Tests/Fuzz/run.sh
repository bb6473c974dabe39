#!/usr/bin/env bash
# Builds the libFuzzer harnesses in Tests/Fuzz against PickCore's sources and
# runs each for a bounded time.
#
#   Tests/Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#
# TARGET is a harness name (KeyDecoder, QueryParser, OptionParser, Fields,
# Display, Matcher, HTTPRequest, ANSIFilter, Ranking; default: all). SECONDS_PER_TARGET defaults to 60; 0 only builds.
# Exits non-zero when a harness crashes, hangs or breaks an invariant; the
# input that did it is saved as .build/fuzz/artifacts/TARGET-crash-* (or
# -timeout-*, -oom-*): replay it with `.build/fuzz/TARGET ARTIFACT`.
#
# How it builds: SwiftPM has no fuzzer products, so the script compiles the
# CPick C shim with clang and PickCore's sources with swiftc
# (-sanitize=fuzzer,address: coverage for libFuzzer, AddressSanitizer for
# memory errors) into one object and a module, then links each harness with
# FuzzInput.swift against them. Checked-in seeds live in corpus/TARGET; what
# the fuzzer finds on top goes to .build/fuzz/corpus/TARGET, so the checked-in
# corpus stays small.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Tests/Fuzz"
seconds=${1:-60}
[[ $# -gt 0 ]] && shift
all=(KeyDecoder QueryParser OptionParser Fields Display Matcher HTTPRequest ANSIFilter Ranking)
targets=("$@")
[[ ${#targets[@]} -eq 0 ]] && targets=("${all[@]}")
for target in "${targets[@]}"; do
  [[ -f "$here/${target}Fuzz.swift" ]] || { echo "run.sh: no harness $here/${target}Fuzz.swift" >&2; exit 2; }
done

out="$root/.build/fuzz"
mkdir -p "$out/include" "$out/artifacts" "$out/corpus"
flags=(-O -g -sanitize=fuzzer,address -parse-as-library)

# CPick's headers as a Clang module (SwiftPM makes this map itself).
cat >"$out/include/module.modulemap" <<MAP
module CPick {
  header "$root/Sources/CPick/include/CPick.h"
  export *
}
MAP

core="$out/PickCore.o"
if [[ ! -f $core ]] || [[ -n $(find "$root/Sources/PickCore" "$root/Sources/CPick" -newer "$core" -print -quit) ]]; then
  echo "== building PickCore for fuzzing"
  # Every C file of CPick, an object each.
  rm -rf "$out/shims"
  mkdir -p "$out/shims"
  for source in "$root"/Sources/CPick/*.c; do
    clang -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$root/Sources/CPick/include" \
      "$source" -o "$out/shims/$(basename "$source" .c).o"
  done
  mapfile -t sources < <(find "$root/Sources/PickCore" -name '*.swift' | sort)
  swiftc -c -wmo -enable-testing -module-name PickCore "${flags[@]}" -I "$out/include" \
    -emit-module -emit-module-path "$out/PickCore.swiftmodule" "${sources[@]}" -o "$core.tmp"
  mv "$core.tmp" "$core"
fi

# The option names, as a libFuzzer dictionary, so the fuzzer spells real options.
{
  grep -o 'long: "[a-z0-9-]*"' "$root/Sources/PickCore/CommandLine/OptionTable.swift" |
    sed 's/long: "\(.*\)"/"--\1"\n"--no-\1"/'
  printf '"%s"\n' "=" "+" "--" "'" '\"' "\\\\" " " "1.." ".." "-1" "%" "~"
} >"$out/OptionParser.dict"

failed=()
for target in "${targets[@]}"; do
  binary="$out/$target"
  # Test files a harness shares with the property tests.
  shared=("$root/Sources/PickTestSupport/SeededGenerator.swift")
  [[ $target == QueryParser ]] && shared+=("$root/Tests/PickCoreTests/QueryPrinter.swift")
  # The matcher's brute-force reference and the comparison of every path with
  # it are test code, not PickCore's: the sweeps and this harness share them.
  [[ $target == Matcher ]] && shared+=("$root/Tests/PickCoreTests/ReferenceMatcher.swift"
    "$root/Tests/PickCoreTests/MatcherOracle.swift")
  stale=0
  for file in "$here/${target}Fuzz.swift" "$here/FuzzInput.swift" "${shared[@]}"; do [[ $binary -ot $file ]] && stale=1; done
  if [[ ! -f $binary || $binary -ot $core || $stale -eq 1 ]]; then
    echo "== building $target"
    swiftc "${flags[@]}" -use-ld=lld -I "$out" -I "$out/include" -module-name "Fuzz$target" \
      "$here/FuzzInput.swift" "$here/${target}Fuzz.swift" "${shared[@]}" "$core" "$out"/shims/*.o -o "$binary"
  fi
  [[ $seconds -eq 0 ]] && continue
  echo "== fuzzing $target for ${seconds}s"
  mkdir -p "$out/corpus/$target"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096
    -print_final_stats=1 -artifact_prefix="$out/artifacts/$target-")
  [[ $target == OptionParser ]] && options+=(-dict="$out/OptionParser.dict")
  # Swift's runtime keeps caches that LeakSanitizer would report at exit, and
  # its own crash backtracer would get in the way of libFuzzer's.
  if ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no "$binary" "${options[@]}" "$out/corpus/$target" "$here/corpus/$target" \
    >"$out/$target.log" 2>&1; then
    grep -E '^(Done|stat::number_of_executed_units|stat::peak_rss_mb)' "$out/$target.log" || true
  else
    echo "!! $target failed; the end of its log ($out/$target.log):"
    tail -40 "$out/$target.log"
    failed+=("$target")
  fi
done

if [[ ${#failed[@]} -gt 0 ]]; then
  echo "fuzzing found a problem in: ${failed[*]} (inputs in $out/artifacts)"
  exit 1
fi
echo "fuzzing: ${#targets[@]} targets, no crash"
