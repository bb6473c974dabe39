/// The options pick accepts, one row each, in the order `--help` shows them.
///
/// Negated forms mirror fzf 0.74: `+x`, `+e`, `+i`, `+s`, `+m` and `--no-NAME`
/// for every on/off option (and `--no-header-lines`, which fzf also accepts).
/// `--smart-case`, `--help` and `--version` have no negation, as in fzf.
extension OptionParser {
  /// Every option: these rows, then the long-line and scrolling options
  /// (OptionTable+Display.swift), the border and spacing options
  /// (OptionTable+Borders.swift), the section borders (OptionTable+Sections.swift)
  /// and wrapping and multi-line items (OptionTable+Wrap.swift).
  public static let table: [OptionSpec] = coreTable + displayTable + borderTable + sectionTable + wrapTable

  static let coreTable: [OptionSpec] = [
    // Search
    OptionSpec(
      long: "filter", short: "f",
      kind: .requiredValue(placeholder: "QUERY") { options, value in options.filter = value }),
    OptionSpec(
      long: "query", short: "q",
      kind: .requiredValue(placeholder: "STR") { options, value in options.query = value }),
    OptionSpec(
      long: "extended", short: "x", kind: .flag { $0.extended = true },
      negation: { $0.extended = false }, negatedShort: "x"),
    OptionSpec(
      long: "exact", short: "e", kind: .flag { $0.exact = true },
      negation: { $0.exact = false }, negatedShort: "e"),
    OptionSpec(
      long: "ignore-case", short: "i", kind: .flag { $0.caseMode = .insensitive },
      negation: { $0.caseMode = .sensitive }, negatedShort: "i"),
    OptionSpec(long: "smart-case", kind: .flag { $0.caseMode = .smart }),
    OptionSpec(
      long: "literal", kind: .flag { $0.normalize = false }, negation: { $0.normalize = true }),
    OptionSpec(
      long: "scheme",
      kind: .requiredValue(placeholder: "SCHEME") { options, value throws(InvalidValue) in
        options.scheme = try OptionValues.scheme(value)
        options.isSchemeGiven = true
        // As in fzf, a scheme brings its own tiebreak; a later --tiebreak replaces it.
        options.tiebreak = nil
      }, valueCompletion: .choices(of: Options.Scheme.self)),
    OptionSpec(
      long: "algo",
      kind: .requiredValue(placeholder: "TYPE") { options, value throws(InvalidValue) in
        options.algorithm = try OptionValues.algorithm(value)
      }, valueCompletion: .choices(of: Options.Algorithm.self)),
    OptionSpec(
      long: "tiebreak",
      kind: .requiredValue(placeholder: "CRI[,..]") { options, value throws(InvalidValue) in
        options.tiebreak = try OptionValues.tiebreak(value)
      }, valueCompletion: .list(of: Options.Tiebreak.self)),
    OptionSpec(
      long: "sort", short: "s", kind: .flag { $0.sort = true },
      negation: { $0.sort = false }, negatedShort: "s"),
    OptionSpec(long: "tac", kind: .flag { $0.tac = true }, negation: { $0.tac = false }),
    OptionSpec(
      long: "disabled", kind: .flag { $0.searchDisabled = true }, negation: { $0.searchDisabled = false }),
    // fzf's other spellings of --disabled and of its negation.
    OptionSpec(long: "enabled", kind: .flag { $0.searchDisabled = false }),
    OptionSpec(
      long: "phony", kind: .flag { $0.searchDisabled = true }, negation: { $0.searchDisabled = false }),

    // Fields
    OptionSpec(
      long: "delimiter", short: "d",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        options.delimiter = try OptionValues.delimiter(value)
      }),
    OptionSpec(
      long: "nth", short: "n",
      kind: .requiredValue(placeholder: "N[,..]") { options, value throws(InvalidValue) in
        options.nth = try OptionValues.fieldRanges(value)
      }),
    OptionSpec(
      long: "with-nth",
      kind: .requiredValue(placeholder: "N[,..]") { options, value throws(InvalidValue) in
        let spec = try OptionValues.fieldSpec(value)
        // The matcher sees an item's bytes, not its index.
        if case .template(let template) = spec, template.usesIndex {
          throw InvalidValue("{n} is only for --accept-nth and --preview")
        }
        options.withNth = spec
      }),
    OptionSpec(
      long: "accept-nth",
      kind: .requiredValue(placeholder: "N[,..]") { options, value throws(InvalidValue) in
        options.acceptNth = try OptionValues.fieldSpec(value)
      }),

    // Input and output
    OptionSpec(long: "read0", kind: .flag { $0.read0 = true }, negation: { $0.read0 = false }),
    OptionSpec(long: "print0", kind: .flag { $0.print0 = true }, negation: { $0.print0 = false }),
    OptionSpec(long: "ansi", kind: .flag { $0.ansi = true }, negation: { $0.ansi = false }),
    OptionSpec(
      long: "header-lines",
      kind: .requiredValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.headerLines = try OptionValues.count(value, atLeast: 0)
      },
      negation: { $0.headerLines = 0 }),
    OptionSpec(
      long: "print-query", kind: .flag { $0.printQuery = true },
      negation: { $0.printQuery = false }),

    // Interactive
    OptionSpec(
      long: "multi", short: "m",
      kind: .optionalValue(placeholder: "MAX") { options, value throws(InvalidValue) in
        guard let value else {
          options.multi = .max  // no cap
          return
        }
        options.multi = try OptionValues.count(value, atLeast: 1)
      },
      negation: { $0.multi = nil }, negatedShort: "m"),
    OptionSpec(
      long: "prompt",
      kind: .requiredValue(placeholder: "STR") { options, value in options.prompt = value }),
    OptionSpec(
      long: "footer", kind: .requiredValue(placeholder: "STR") { options, value in options.footer = value },
      negation: { $0.footer = nil }),
    OptionSpec(
      long: "header-first", kind: .flag { $0.headerFirst = true }, negation: { $0.headerFirst = false }),
    OptionSpec(
      long: "ghost", kind: .requiredValue(placeholder: "TEXT") { options, value in options.ghost = value }),
    OptionSpec(
      long: "pointer",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        try options.itemMarks.setPointer(value)
      }),
    OptionSpec(
      long: "marker",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        try options.itemMarks.setMarker(value)
      }),
    OptionSpec(
      long: "gutter",
      kind: .requiredValue(placeholder: "CHAR") { options, value throws(InvalidValue) in
        try options.itemMarks.setGutter(value)
      }),
    OptionSpec(long: "unicode", kind: .flag { $0.unicode = true }, negation: { $0.unicode = false }),
    OptionSpec(
      long: "ellipsis",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        options.ellipsis = Array(try OptionValues.printableText(value, "ellipsis").utf8)
      }),
    OptionSpec(
      long: "highlight-line", kind: .flag { $0.highlightLine = true }, negation: { $0.highlightLine = false }),
    OptionSpec(long: "spinner", kind: .flag { $0.spinner = true }, negation: { $0.spinner = false }),
    OptionSpec(long: "accessible", kind: .flag { $0.accessible = true }, negation: { $0.accessible = false }),
    OptionSpec(long: "hint", kind: .flag { $0.hint = true }, negation: { $0.hint = false }),
    OptionSpec(
      long: "info",
      kind: .requiredValue(placeholder: "STYLE") { options, value throws(InvalidValue) in
        options.info = try InfoStyle.parse(value)
      }, negation: { $0.info = InfoStyle(.hidden) }, valueCompletion: .choices(of: InfoStyle.Placement.self)),
    OptionSpec(
      long: "inline-info", kind: .flag { $0.info = InfoStyle(.inline) }, negation: { $0.info = InfoStyle() }),
    OptionSpec(
      long: "info-command",
      kind: .requiredValue(placeholder: "CMD") { options, value in
        options.infoCommand = value.isEmpty ? nil : value
      }, negation: { $0.infoCommand = nil }),
    OptionSpec(
      long: "header",
      kind: .requiredValue(placeholder: "STR") { options, value in options.header = value },
      negation: { $0.header = nil }),
    OptionSpec(
      long: "layout",
      kind: .requiredValue(placeholder: "LAYOUT") { options, value throws(InvalidValue) in
        options.layout = try OptionValues.enumeration(value, Options.Layout.self)
      }, valueCompletion: .choices(of: Options.Layout.self)),
    OptionSpec(
      long: "reverse", kind: .flag { $0.layout = .reverse }, negation: { $0.layout = .default }),
    OptionSpec(long: "cycle", kind: .flag { $0.cycle = true }, negation: { $0.cycle = false }),
    OptionSpec(long: "track", kind: .flag { $0.track = true }, negation: { $0.track = false }),
    OptionSpec(
      long: "id-nth",
      kind: .requiredValue(placeholder: "N[,..]") { options, value throws(InvalidValue) in
        options.idNth = try OptionValues.fieldRanges(value)
      }, negation: { $0.idNth = nil }),
    OptionSpec(long: "sync", kind: .flag { $0.sync = true }, negation: { $0.sync = false }),
    OptionSpec(
      long: "tail",
      kind: .requiredValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.tail = try OptionValues.count(value, atLeast: 1)
      }, negation: { $0.tail = nil }),
    OptionSpec(
      long: "select-1", short: "1", kind: .flag { $0.selectOne = true },
      negation: { $0.selectOne = false }, negatedShort: "1"),
    OptionSpec(
      long: "exit-0", short: "0", kind: .flag { $0.exitZero = true },
      negation: { $0.exitZero = false }, negatedShort: "0"),
    OptionSpec(
      long: "output-order",
      kind: .requiredValue(placeholder: "ORDER") { options, value throws(InvalidValue) in
        options.outputOrder = try OptionValues.enumeration(value, Options.OutputOrderOption.self)
      }, valueCompletion: .choices(of: Options.OutputOrderOption.self)),
    OptionSpec(
      long: "color",
      kind: .optionalValue(placeholder: "COLSPEC") { options, value throws(InvalidValue) in
        // Any --color turns colours on; a bare one also drops the element
        // looks given so far, as fzf's does (the scheme stays).
        options.usesColor = true
        guard let value, !value.isEmpty else {
          options.colors.overrides = [:]
          return
        }
        try options.colors.apply(value)
      },
      negation: { $0.usesColor = false }, negatedShort: "c", valueCompletion: .fields(.colors)),
    OptionSpec(long: "bold", kind: .flag { $0.bold = true }, negation: { $0.bold = false }),
    OptionSpec(
      long: "preselect",
      kind: .requiredValue(placeholder: "TEXT") { options, value in options.preselect.append(value) }),
    OptionSpec(
      long: "preselect-file",
      kind: .requiredValue(placeholder: "FILE") { options, value in options.preselectFile = value },
      valueCompletion: .file),
    OptionSpec(
      long: "preselect-all", kind: .flag { $0.preselectAll = true }, negation: { $0.preselectAll = false }),
    OptionSpec(
      long: "remember",
      kind: .requiredValue(placeholder: "KEY") { options, value throws(InvalidValue) in
        options.remember = try OptionValues.rememberKey(value)
      },
      negation: { $0.remember = nil }, valueCompletion: .rememberedKeys),
    OptionSpec(
      long: "history",
      kind: .requiredValue(placeholder: "FILE") { options, value in
        options.history = value.isEmpty ? nil : value
      }, negation: { $0.history = nil }),
    OptionSpec(
      long: "history-size",
      kind: .requiredValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.historySize = try OptionValues.count(value, atLeast: 1)
      }),
    OptionSpec(
      long: "recall",
      kind: .requiredValue(placeholder: "KEY") { options, value throws(InvalidValue) in
        options.recall = try OptionValues.rememberKey(value)
      }, valueCompletion: .rememberedKeys),
    OptionSpec(
      long: "forget",
      kind: .requiredValue(placeholder: "KEY") { options, value throws(InvalidValue) in
        options.forget = try OptionValues.rememberKey(value)
      }, valueCompletion: .rememberedKeys),
    OptionSpec(long: "unique", kind: .flag { $0.unique = true }, negation: { $0.unique = false }),
    OptionSpec(
      long: "height",
      kind: .requiredValue(placeholder: "[~][-]N[%]") { options, value throws(InvalidValue) in
        guard let spec = HeightSpec(String(decoding: value, as: UTF8.self)) else {
          throw InvalidValue("expected N, N%, -N or ~N")
        }
        options.height = spec
        options.popup = nil
      },
      negation: { $0.height = nil }),
    popupSpec(long: "popup"),
    popupSpec(long: "tmux"),
    OptionSpec(
      long: "min-height",
      kind: .requiredValue(placeholder: "N[+]") { options, value throws(InvalidValue) in
        guard let minimum = MinimumHeight(String(decoding: value, as: UTF8.self)) else {
          throw InvalidValue("expected N or N+ (N rows, or N rows of list and the rows around it)")
        }
        options.minHeight = minimum
      }),
    OptionSpec(
      long: "bind",
      kind: .requiredValue(placeholder: "BINDINGS") { options, value throws(InvalidValue) in
        try BindingParser.parse(value, into: &options.bindings)
      }, valueCompletion: .fields(.bindings)),
    OptionSpec(
      long: "expect",
      kind: .requiredValue(placeholder: "KEYS") { options, value throws(InvalidValue) in
        // A key given again keeps its latest spelling, as in fzf.
        for key in try BindingParser.keyList(value) {
          options.expect.removeAll { $0.name == key.name }
          options.expect.append(key)
        }
      },
      negation: { $0.expect = [] }),
    OptionSpec(long: "mouse", kind: .flag { $0.mouse = true }, negation: { $0.mouse = false }),
    OptionSpec(
      long: "tty",
      kind: .requiredValue(placeholder: "PATH") { options, value in options.tty = value },
      valueCompletion: .file),
    OptionSpec(
      long: "tabstop",
      kind: .requiredValue(placeholder: "N") { options, value throws(InvalidValue) in
        options.tabstop = try OptionValues.count(value, atLeast: 1)
      }),

    // Directory traversal (standard input a terminal)
    OptionSpec(
      long: "walker",
      kind: .requiredValue(placeholder: "OPTS") { options, value throws(InvalidValue) in
        options.walker = try WalkerOptions.parse(value)
      }, valueCompletion: .list(["file", "dir", "follow", "hidden"])),
    OptionSpec(
      long: "walker-root",
      kind: .requiredValue(placeholder: "DIR") { options, value throws(InvalidValue) in
        guard !value.isEmpty else { throw InvalidValue("expected a directory") }
        options.walkerRoots.append(value)
      },
      negation: { $0.walkerRoots = [] }, valueCompletion: .directory),
    OptionSpec(
      long: "walker-skip",
      kind: .requiredValue(placeholder: "DIRS") { options, value in
        options.walkerSkip = value.split(separator: UInt8(ascii: ",")).map(Array.init)
      }),
    OptionSpec(
      long: "with-shell",
      kind: .requiredValue(placeholder: "STR") { options, value throws(InvalidValue) in
        options.withShell = try OptionValues.shellCommand(value)
      }),
    OptionSpec(
      long: "listen",
      kind: .optionalValue(placeholder: "ADDR") { options, value throws(InvalidValue) in
        options.listen = try value.map(ListenAddress.parse) ?? .localAnyPort
        options.listenUnsafe = false
      },
      negation: {
        $0.listen = nil
        $0.listenUnsafe = false
      }),
    OptionSpec(
      long: "listen-unsafe",
      kind: .optionalValue(placeholder: "ADDR") { options, value throws(InvalidValue) in
        options.listen = try value.map(ListenAddress.parse) ?? .localAnyPort
        options.listenUnsafe = true
      },
      negation: {
        $0.listen = nil
        $0.listenUnsafe = false
      }),

    // Preview
    OptionSpec(
      long: "preview",
      kind: .requiredValue(placeholder: "CMD") { options, value in
        options.preview = value.isEmpty ? nil : value
      },
      negation: { $0.preview = nil }),
    OptionSpec(
      long: "preview-window",
      kind: .requiredValue(placeholder: "OPTS") { options, value throws(InvalidValue) in
        options.previewWindow = try options.previewWindow.applying(value)
      }),

    // Other
    OptionSpec(long: "help", short: "h", kind: .flag { $0.showHelp = true }),
    OptionSpec(long: "version", kind: .flag { $0.showVersion = true }),
    OptionSpec(
      long: "completion",
      kind: .requiredValue(placeholder: "SHELL") { options, value throws(InvalidValue) in
        options.completionShell = try OptionValues.enumeration(value, ShellKind.self)
      }, valueCompletion: .choices(of: ShellKind.self)),
    OptionSpec(
      long: "shell",
      kind: .requiredValue(placeholder: "SHELL") { options, value throws(InvalidValue) in
        options.keyBindingShell = try OptionValues.enumeration(value, ShellKind.self)
      }, valueCompletion: .choices(of: ShellKind.self)),
    // fzf's spellings: `eval "$(pick --bash)"`.
    OptionSpec(long: "bash", kind: .flag { $0.keyBindingShell = .bash }),
    OptionSpec(long: "zsh", kind: .flag { $0.keyBindingShell = .zsh }),
    OptionSpec(long: "fish", kind: .flag { $0.keyBindingShell = .fish }),
  ]

  /// Every option's long name, without dashes, in table order: for tests that
  /// check `--help` and the man page cover every option.
  public static var allLongNames: [String] { table.flatMap(\.longNames) }

  /// Every `--no-NAME` spelling, without dashes.
  public static var allNegatedLongNames: [String] { table.compactMap(\.negatedLong) }
}
