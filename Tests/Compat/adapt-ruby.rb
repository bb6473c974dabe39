# frozen_string_literal: true

# Rewrites fzf's test files so that a Ruby older than 3.4 can run them,
# without changing what any test asserts.
#
# Ruby 3.4 names a block's single parameter `it`; before 3.4 a bare `it` is a
# method call and fails. Ruby 2.7+ has `_1`, which means the same in a block
# that uses no other parameter. The lexer tells an `it` identifier from the
# word in a string or comment, so only identifiers are rewritten.
#
# Usage: ruby adapt-ruby.rb FILE...   (files are rewritten in place)
require 'ripper'

def adapt(source)
  lines = source.lines
  # Replace from the last token backwards so earlier columns stay valid.
  Ripper.lex(source).reverse_each do |(row, col), kind, token, _state|
    next unless kind == :on_ident && token == 'it'

    line = lines[row - 1].b
    line[col, 2] = '_1'
    lines[row - 1] = line.force_encoding(Encoding::UTF_8)
  end
  lines.join
end

ARGV.each do |path|
  source = File.read(path, encoding: 'UTF-8')
  adapted = adapt(source)
  File.write(path, adapted) unless adapted == source
end
