#!/usr/bin/env ruby
# frozen_string_literal: true

# Reads the minitest logs run-fzf-suite.sh wrote (one per test file, run with
# --verbose) and prints a count per file, then each file's failures as
# minitest reported them (with the screen the prelude added).
#
# Usage: summarise.rb LOG_DIR FILE...  (a FILE ending in .log names a log
# directly, so the parts of one file run apart can be counted together)

# minitest --verbose prints "TestCore#test_x = " before a test and
# "1.23 s = ." after it, with whatever the test printed in between.
MARK = /\d+\.\d+ s = ([.FES])$/
FINAL = /^(\d+) runs, \d+ assertions, (\d+) failures, (\d+) errors, (\d+) skips/
FAILED = /^ *\d+\) (?:Failure|Error):\n(Test\w+#\w+)/

# An item row as pick draws it: a space after fzf's pointer and marker.
def shift(row)
  row.match?(/\A[> ][> ]\S/) ? "#{row[0, 2]} #{row[2..]}" : row
end

# Whether the test expected fzf's `M/N (S)` info line in multi mode, where
# pick shows `M/N` and counts the selection on its select-all row.
def selection_count_only?(block)
  expected = block[/^Expected: "(.*)"$/, 1]
  actual = block[/^  Actual: "(.*)"$/, 1]
  expected && actual && expected.match?(%r{\d+/\d+ \(\d+\)\z}) && expected.sub(/ \(\d+\)\z/, '') == actual
end

# Whether the rows the test expected are on the screen once shifted by the
# column pick adds after the marker (`> 1` and `  1` drawn as `>  1` and
# `   1`); an info line like `  10/10` is not shifted, so a row may match
# either way, as long as one needed the shift.
def prefix_only?(block)
  minus = block[/^-(\[.*\])$/, 1] # minitest's diff of two arrays of rows
  plus = block[/^\+(\[.*\])$/, 1]
  return true if minus && minus.gsub(/"([> ][> ])(?=[^ "])/) { "\"#{Regexp.last_match(1)} " } == plus

  quoted = block[/^Expected: (".*")$/, 1] || block[/to include (".*")\.$/, 1]
  return false unless quoted

  actual = block[/^  Actual: (".*")$/, 1]
  return true if actual && shift(quoted.undump) == actual.undump

  expected = quoted.undump.lines(chomp: true).reject(&:empty?)
  screen = (block[/^--- screen ---\n(.*?)^-{14}$/m, 1] || '').lines(chomp: true)
  shifted = expected.map { |row| shift(row) }
  on_screen = ->(row) { screen.any? { |line| line.start_with?(row) && line[row.length..].to_s.strip.empty? } }
  expected.zip(shifted).all? { |row, moved| on_screen[row] || on_screen[moved] } &&
    expected.zip(shifted).any? { |row, moved| !on_screen[row] && on_screen[moved] }
rescue RuntimeError
  false
end

# Why each failure happened, when the screen says: the first line the
# program under test printed as an error (`pick: --border is not supported`,
# an unsupported action or event), with the quoted value left out so one
# refused option groups its tests; otherwise the kind of failure.
def failure_causes(report)
  report.split(/^ *\d+\) (?=Failure:|Error:)/).drop(1).map do |block|
    test = block[/^(Test\w+#\w+)/, 1]
    # On the screen (not in the assertion, which may quote a screen too);
    # tmux joins a wrapped line, so the message may follow the command.
    screen = block[/^--- screen ---\n(.*?)^-{14}$/m, 1] || ''
    said = screen[/(?:pick|fzf): .*$/]
    cause =
      if said
        said.sub(/invalid value '.*?' /, '').sub(/ \(see Docs.*?\)/, '')
            .sub(/((?:action|key|event): [\w-]+)\([^)]*\)/, '\\1(…)')
      elsif prefix_only?(block)
        'item rows: pick draws 3 columns before an item (pointer, marker, space), fzf 2'
      elsif selection_count_only?(block)
        'info line: fzf adds (S), the selected count, in multi mode; pick counts them on its select-all row'
      elsif block.start_with?('Error:')
        block[/^(SuiteTimeLimit|\w+(?:::\w+)*): /, 1] || 'error'
      else
        'the screen or output differs'
      end
    [cause, test]
  end
end

dir, *specs = ARGV
rows = []
causes = []
reports = []
specs.each do |spec|
  if spec.end_with?('.log') # a log of another run, e.g. one part of a file
    path = spec
    name = "#{File.basename(spec, '.log')} (#{File.basename(File.dirname(spec))})"
  else
    name = File.basename(spec.split(':').first, '.rb')
    path = File.join(dir, "#{name}.log")
  end
  text = File.exist?(path) ? File.read(path, encoding: 'UTF-8').scrub : ''
  final = text.match(FINAL)
  if final
    runs, failures, errors, skips = final.captures.map(&:to_i)
  else
    marks = text.scan(MARK).flatten
    runs = marks.size
    failures, errors, skips = %w[F E S].map { |m| marks.count(m) }
  end
  rows << [name, runs, runs - failures - errors - skips, failures, errors, skips, !final.nil?]
  failed = text.scan(FAILED).flatten
  report = text[/^Finished in .*?(?=^\d+ runs, \d+ assertions)/m]
  causes.concat(failure_causes(report)) if report
  reports << [name, failed, report || text.lines.last(40).join] if failures + errors > 0
end

puts format('%-40s %5s %6s %6s %6s %6s', 'file', 'tests', 'passed', 'failed', 'errors', 'skipped')
rows.each do |name, total, passed, failed, errors, skipped, finished|
  line = format('%-40s %5d %6d %6d %6d %6d', name, total, passed, failed, errors, skipped)
  puts finished ? line : "#{line}  (did not finish)"
end
totals = rows.transpose[1..5].map(&:sum)
puts format('%-40s %5d %6d %6d %6d %6d', 'total', *totals)

reports.each do |name, failed, report|
  puts "\n== #{name}: #{failed.size} failing: #{failed.join(' ')}"
  puts report
end

unless causes.empty?
  puts "\n== failures by cause"
  causes.group_by(&:first).sort_by { |cause, tests| [-tests.size, cause] }.each do |cause, tests|
    puts format('%4d  %s', tests.size, cause)
    puts "      #{tests.map(&:last).join(' ')}"
  end
end
