#!/usr/bin/env python3
"""Which rejection branches of the given sources a coverage export (llvm-cov export -format=text)
reaches. A rejection branch is a call that returns an error: reject(, corrupt(, past_end(, or
make_error(Errc::corrupt_data | Errc::malformed_input. Its count is that of the innermost coverage
segment starting at or before the call. A branch whose comment (on the two lines above) says
"not reached by mutation" is one no edit of a proof can reach (it would need a hash collision or a
forged sub-protocol) and which a named test reaches instead: listed as "test", not as missed.
Prints every branch with its count, then a summary; exits 1 when some other branch was never
reached."""
import fnmatch
import json
import os
import re
import sys

MARKERS = re.compile(
    r"\b(reject|corrupt|past_end)\(|make_error\(\s*Errc::(corrupt_data|malformed_input)")


def segments_by_file(export):
    files = {}
    for data in export["data"]:
        for f in data["files"]:
            files.setdefault(os.path.relpath(f["filename"]), []).append(f["segments"])
    return files


def count_at(segment_lists, line, column):
    """The largest count over the binaries of the segment in force at (line, column)."""
    best = 0
    for segments in segment_lists:
        current = None
        for seg in segments:  # [line, col, count, has_count, is_region_entry, is_gap]
            if (seg[0], seg[1]) > (line, column):
                break
            if seg[3]:
                current = seg[2]
        best = max(best, current or 0)
    return best


def main():
    export = json.load(open(sys.argv[1]))
    patterns = sys.argv[2:]
    files = segments_by_file(export)
    branches = unreached = by_tests = 0
    for path in sorted(files):
        if not any(fnmatch.fnmatch(path, p) for p in patterns):
            continue
        with open(path) as source:
            lines = source.read().split("\n")
        for number, text in enumerate(lines, start=1):
            code = text.split("//")[0]
            for match in MARKERS.finditer(code):
                if code[match.end():].lstrip().startswith("const "):
                    continue  # the helper's own definition, not a call
                branches += 1
                count = count_at(files[path], number, match.start() + 1)
                above = " ".join(line.strip().lstrip("/").strip()
                                 for line in lines[max(0, number - 3):number - 1])
                exempt = count == 0 and "not reached by mutation" in above.lower()
                by_tests += exempt
                unreached += count == 0 and not exempt
                status = "ok" if count else "test" if exempt else "MISSED"
                print(f"{status:>6} {count:>10}  {path}:{number}: {text.strip()[:90]}")
    print(f"rejection branches: {branches}, reached by the corpus: "
          f"{branches - unreached - by_tests}, by named tests only: {by_tests}, "
          f"never reached: {unreached}")
    return 1 if unreached else 0


if __name__ == "__main__":
    sys.exit(main())
