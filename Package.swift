// swift-tools-version:6.0
// pick: a fuzzy multi-picker for the terminal. No package dependencies.
import PackageDescription

let package = Package(
  name: "pick",
  products: [
    .executable(name: "pick", targets: ["pick"]),
    .executable(name: "pick-bench", targets: ["pick-bench"]),
    .executable(name: "pick-rank", targets: ["pick-rank"]),
  ],
  targets: [
    // libc functions that `import Glibc` does not expose (memmem, memrchr, ...).
    // Optimised in debug builds too: the item split (cpick_split.c) runs on
    // every byte read, and at -O0 its vector code starved the searches of a
    // debug build reading an endless stream.
    .target(name: "CPick", cSettings: [.unsafeFlags(["-O2"])]),
    // All of pick's logic: items, query, matching, ranking, options. No I/O.
    .target(
      name: "PickCore", dependencies: ["CPick"],
      // The matcher's scratch buffers live in classes; dynamic exclusivity checks
      // on them cost ~10% of a search. Debug builds (and so the tests) keep them.
      // Generic types the module uses with fixed arguments get their metadata
      // built by the compiler, not looked up by name at run time: 0.1 ms of
      // every start (Docs/Performance.md, "Start-up"). Reaching every other
      // type's metadata through its accessor too
      // (`-disable-concrete-type-metadata-mangled-name-accessors`) saved
      // 0.05 ms more but cost `cafe` over Unicode names 2 %.
      swiftSettings: [
        .unsafeFlags(
          ["-enforce-exclusivity=unchecked", "-Xfrontend", "-prespecialize-generic-metadata"],
          .when(configuration: .release))
      ]),
    // The application's I/O side: the terminal session and event loop, the
    // search thread, child processes, the file walker, the --remember store,
    // reading items and writing results.
    .target(name: "PickSystem", dependencies: ["PickCore", "CPick"]),
    // Release builds link statically: no dynamic loader, libstdc++ or
    // symbol binding at start-up (1.4 ms against 2.7 ms for `echo x | pick
    // --filter x`; see Docs/Performance.md). pick uses no NSS or locale
    // data that static glibc would have to load.
    .executableTarget(
      name: "pick", dependencies: ["PickCore", "PickSystem"],
      linkerSettings: [.unsafeFlags(["-static-executable"], .when(platforms: [.linux], configuration: .release))]),
    // Shared by the tests, pick-bench and pick-rank: a virtual terminal, a
    // pseudo-terminal, starting programs, a seeded generator. No Foundation.
    .target(name: "PickTestSupport"),
    // Benchmarks: may use Foundation (never linked into `pick`); the virtual
    // terminal models the screens of `pick-bench latency`.
    // `pick-bench rank` also runs PickCore's matcher in process.
    .executableTarget(name: "pick-bench", dependencies: ["PickTestSupport", "PickCore"]),
    .executableTarget(name: "pick-rank", dependencies: ["PickTestSupport"]),
    .testTarget(
      name: "PickCoreTests", dependencies: ["PickCore", "PickTestSupport"],
      // Text the tests read from disk (fzf's --help), not compiled.
      exclude: ["Fixtures"]),
    .testTarget(name: "PickSystemTests", dependencies: ["PickSystem", "PickCore", "CPick", "PickTestSupport"]),
    .testTarget(name: "PickEndToEndTests", dependencies: ["pick", "PickCore", "PickTestSupport"]),
    .testTarget(name: "PickBenchTests", dependencies: ["pick-bench", "PickTestSupport"]),
  ]
)
