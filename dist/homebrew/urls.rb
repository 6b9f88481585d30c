# Prints which archive the rendered formula gives each OS and CPU Homebrew distinguishes, one
# line each: "<os> <cpu> <url> <sha256>". A stand-in for Homebrew's Formula DSL (on_macos,
# on_linux, on_arm, on_intel, url, sha256), so the check needs no Homebrew.
# Usage: ruby dist/homebrew/urls.rb <rtk.rb>
class Formula
  class << self
    attr_accessor :os, :cpu, :picked

    def desc(*); end
    def homepage(*); end
    def version(*); end
    def license(*); end
    def test(&); end
    def on_macos = (yield if os == "macos")
    def on_linux = (yield if os == "linux")
    def on_arm = (yield if cpu == "arm")
    def on_intel = (yield if cpu == "intel")
    def url(value) = picked[:url] = value
    def sha256(value) = picked[:sha256] = value
  end
end

%w[macos linux].product(%w[arm intel]).each do |os, cpu|
  Formula.os = os
  Formula.cpu = cpu
  Formula.picked = {}
  load ARGV.fetch(0)
  puts [os, cpu, Formula.picked.fetch(:url), Formula.picked.fetch(:sha256)].join(" ")
end
