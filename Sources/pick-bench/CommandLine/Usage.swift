/// `pick-bench --help`; Docs/Benchmarks.md says the same at more length.
let usage = """
  pick-bench: measures pick against fzf 0.74 and fzy 1.0, whole process, side by side.
  (fzy takes part in filter and startup only.)

  usage:
    swift build -c release --static-swift-stdlib && .build/release/pick-bench COMMAND [OPTIONS]

  commands:
    filter [--items N] [--runs R] [--corpus KIND|FILE ...] [--query Q ...] [--pick PATH]
           [--fzf PATH] [--fzy PATH] [--seed S] [--cache DIR]
        Runs `pick --filter Q`, `fzf --filter Q` and `fzy -e Q` on each corpus and query,
        R rounds (tools alternate within a round), and prints a Markdown table per corpus
        of median wall time, peak memory (ru_maxrss) and match count, with `cat` as the floor.
        --items N     items in each generated corpus (default 1000000; 100k and 1M work)
        --runs R      rounds; medians are reported (default 5)
        --corpus      paths, history, unicode (default: all three), tree (every file under
                      /usr, listed afresh; tree:DIR for another tree; skipped with a note
                      where it is missing), or an existing file (such a file gets the paths
                      queries unless --query is given)
        --query       queries to run (default: per corpus, 1/2/4/12 characters and a no-match)
        --pick PATH   the pick to measure (default: `pick` next to pick-bench)
        --fzf PATH    the fzf to compare with (default: the first fzf 0.74 on PATH)
        --fzy PATH    the fzy to compare with (default: the first fzy 1.x on PATH)
        --seed S      seed of the generated corpora (default 42)
        --cache DIR   where generated corpora are kept (default .build/bench-corpora)

    startup [--runs R] [--pick PATH] [--fzf PATH] [--fzy PATH]
        Runs each tool on a 10-line input R times (default 200) and prints median start-up times.

    latency [--items N] [--runs R] [--keys KEYS] [--backspaces B] [--corpus KIND|FILE] [--pick PATH]
            [--fzf PATH] [--seed S] [--cache DIR]
        Runs pick (--no-multi) and fzf on a 150x50 pseudo-terminal, waits until all items are
        loaded (N/N shown), types KEYS one at a time (default lib/py) then B backspaces (default:
        one per key), and prints per key the median and worst milliseconds until the screen shows
        the new match count and best match (those of `TOOL --filter QUERY`), the load time and
        the peak memory after Esc. Defaults: 1000000 generated paths, 3 runs.

    load [--items N ...] [--runs R] [--corpus FILE ...] [--pick PATH] [--fzf PATH] [--seed S]
         [--cache DIR]
        Time from start until pick and fzf show N/N on a 150x50 pseudo-terminal, and their peak
        memory, for generated paths corpora of each size (default 1M 10M) or the given files.
        Default: 1 run.

    abort [--items N] [--runs R] [--at MS] [--pick PATH] [--fzf PATH]
        Runs `seq N | TOOL` for pick and fzf on a 150x50 pseudo-terminal, types Ctrl-C MS ms after
        the start (default 10000000 items, 100 ms, 5 runs) and prints the median and worst ms from
        Ctrl-C until the tool exited and until seq ended (SIGPIPE once the pipe closes).

    rank [--items N] [--runs R] [--corpus KIND|FILE] [--query Q ...] [--narrow] [--workers W]
         [--seed S] [--cache DIR]
        Ranks in this process with pick's own matcher (PickCore, as the picker does: the best
        1024 sorted), each query R times (default 9) over the corpus (default: generated paths),
        and prints the median and fastest milliseconds: no pipes, no output, no peers, so runs
        agree within a few percent on a noisy machine. With --narrow each query ranks only the
        previous query's matches, as typing does (default queries then: l li lib lib/ lib/p
        lib/py), and the time to list those matches is printed too. To compare two versions of
        the matcher, build each and run both.

    corpus KIND [--items N] [--seed S]
        Writes a generated corpus (paths, history or unicode) to standard output.
    corpus tree [--root DIR]
        Writes the paths of every non-directory under DIR (default /usr), sorted by bytes.

  Tools: pick (static release build expected: a dynamic one is reported loudly),
  fzf from --fzf PATH, else the first fzf on PATH whose `fzf --version` says 0.74; fzy from
  --fzy PATH, else the first fzy 1.x on PATH. A missing peer is named on standard error and
  its columns say n/a. (`apt-get install fzf fzy` gives Debian's fzy 1.0 and an older fzf;
  fzf 0.74 is a single binary from github.com/junegunn/fzf/releases.)
  Standard input of each run is the corpus file itself; standard output is a pipe that
  pick-bench drains, counting lines and bytes. Progress goes to standard error, the report
  to standard output.

  """
