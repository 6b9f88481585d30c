# Prints which archive the rendered formula gives each OS and CPU Homebrew distinguishes, one
# line each: "<os> <cpu> <url> <sha256>". A stand-in for Homebrew's Formula DSL (on_macos,
# on_linux, on_arm, on_intel, url, sha256), so the check needs no Homebrew.
# Usage: ruby dist/homebrew/urls.rb <rtk.rb>
class Formula
  # Read through Formula itself: the formula's class (a subclass) has its own class-level state.
  class << self
    attr_accessor :os, :cpu, :picked

    def desc(*); end
    def homepage(*); end
    def version(*); end
    def license(*); end
    def test(&); end
    def on_macos = (yield if Formula.os == "macos")
    def on_linux = (yield if Formula.os == "linux")
    def on_arm = (yield if Formula.cpu == "arm")
    def on_intel = (yield if Formula.cpu == "intel")
    def url(value) = Formula.picked[:url] = value
    def sha256(value) = Formula.picked[:sha256] = value
  end
end

%w[macos linux].product(%w[arm intel]).each do |os, cpu|
  Formula.os = os
  Formula.cpu = cpu
  Formula.picked = {}
  load ARGV.fetch(0)
  puts [os, cpu, Formula.picked.fetch(:url), Formula.picked.fetch(:sha256)].join(" ")
end
