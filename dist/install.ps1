# rtk's PowerShell installer (Windows x86_64; also ARM64 through emulation):
#   powershell -ExecutionPolicy Bypass -c "irm https://github.com/rtk-proxy/rtk/releases/latest/download/rtk-installer.ps1 | iex"
# Downloads rtk-x86_64-pc-windows-msvc.zip and its .sha256, refuses it unless the checksum
# matches, puts rtk.exe into $env:RTK_INSTALL_DIR (default ~\.local\bin) and adds that folder to
# the user's PATH. It never touches rtk's history database or config, so an upgrade keeps both.
# Environment: RTK_VERSION (a tag such as v1.2.0), RTK_DOWNLOAD_URL (the folder holding the
# archives), RTK_INSTALL_DIR. Checked here for syntax when pwsh is present, and for naming the
# archive and checksum of dist/platforms.tsv (scripts/test-install.sh).
$ErrorActionPreference = 'Stop'
Set-StrictMode -Version 3

$RepoUrl = 'https://github.com/rtk-proxy/rtk'
$Target = 'x86_64-pc-windows-msvc'
$Archive = "rtk-$Target.zip"

function Fail([string]$Message) {
    Write-Error "rtk-installer: error: $Message"
    exit 1
}

if ($env:RTK_DOWNLOAD_URL) {
    $Base = $env:RTK_DOWNLOAD_URL.TrimEnd('/')
} elseif ($env:RTK_VERSION) {
    $Base = "$RepoUrl/releases/download/$($env:RTK_VERSION)"
} else {
    $Base = "$RepoUrl/releases/latest/download"
}
$Dir = if ($env:RTK_INSTALL_DIR) { $env:RTK_INSTALL_DIR } else { Join-Path $HOME '.local\bin' }

try {
    New-Item -ItemType Directory -Force -Path $Dir | Out-Null
    $Probe = Join-Path $Dir ".rtk-write-test-$PID"
    [IO.File]::WriteAllText($Probe, '')
    Remove-Item $Probe
} catch {
    Fail "cannot write to $Dir; choose a folder you own with `$env:RTK_INSTALL_DIR"
}

$Tmp = Join-Path ([IO.Path]::GetTempPath()) "rtk-install-$PID"
New-Item -ItemType Directory -Force -Path $Tmp | Out-Null
try {
    Write-Host "rtk-installer: downloading $Base/$Archive"
    Invoke-WebRequest -UseBasicParsing -Uri "$Base/$Archive" -OutFile (Join-Path $Tmp $Archive)
    Invoke-WebRequest -UseBasicParsing -Uri "$Base/$Archive.sha256" -OutFile (Join-Path $Tmp "$Archive.sha256")
    $Want = ((Get-Content (Join-Path $Tmp "$Archive.sha256") -Raw).Trim() -split '\s+')[0].ToLower()
    $Got = (Get-FileHash -Algorithm SHA256 (Join-Path $Tmp $Archive)).Hash.ToLower()
    if ($Want -ne $Got) {
        Fail "checksum mismatch for $Archive (expected $Want, got $Got); nothing was installed"
    }
    Expand-Archive -Force -Path (Join-Path $Tmp $Archive) -DestinationPath $Tmp
    $New = Join-Path $Tmp "rtk-$Target\rtk.exe"
    if (-not (Test-Path $New)) { Fail "$Archive holds no rtk-$Target\rtk.exe" }
    $Exe = Join-Path $Dir 'rtk.exe'
    # A running rtk.exe cannot be overwritten but can be renamed: move it aside first.
    if (Test-Path $Exe) { Move-Item -Force $Exe "$Exe.old" }
    Copy-Item $New $Exe
    Remove-Item -ErrorAction SilentlyContinue "$Exe.old"
    $Version = & $Exe --version
    Write-Host "rtk-installer: installed $Version in $Dir"
} finally {
    Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $Tmp
}

$UserPath = [Environment]::GetEnvironmentVariable('Path', 'User')
if (-not (($UserPath -split ';') -contains $Dir)) {
    [Environment]::SetEnvironmentVariable('Path', "$Dir;$UserPath", 'User')
    Write-Host "rtk-installer: added $Dir to your user PATH (open a new terminal to use it)"
}
Write-Host 'rtk-installer: next: rtk init --agent <agent>; history and config stay in your AppData folders'
