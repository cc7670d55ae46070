// SPDX-License-Identifier: GPL-3.0-or-later
#include "atomic_file.h"

#include <QDir>
#include <QFileInfo>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace planner {

namespace {

Error saveError(const std::string& path, const std::string& what, int err)
{
    return Error{ErrorKind::Io, path + ": " + what + ": " + std::strerror(err) + "; the previous file is unchanged", path};
}

Error folderSyncError(const std::string& path, int err)
{
    return Error{ErrorKind::Io,
                 path + ": saved, but syncing its folder failed: " + std::strerror(err)
                     + "; a power cut now could lose the new file",
                 path};
}

// The file actually written: a symbolic link's target, so saving through a link keeps the link.
std::string resolvedTarget(const QString& path)
{
    const QFileInfo info(path);
    const QString target = info.isSymLink() ? info.symLinkTarget() : info.absoluteFilePath();
    return QDir::cleanPath(target).toStdString();
}

std::string folderOf(const std::string& file)
{
    const auto slash = file.rfind('/');
    return slash == 0 ? std::string("/") : file.substr(0, slash);
}

bool writeAll(int fd, const char* data, std::size_t size)
{
    while (size > 0) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = ENOSPC; // a write that makes no progress is a full device
            return false;
        }
        data += n;
        size -= static_cast<std::size_t>(n);
    }
    return true;
}

// A folder's entry is durable once the folder is synced. Some file systems cannot sync a folder
// (EINVAL); the rename is then as durable as that file system makes it.
int syncFolder(const std::string& folder)
{
    const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0)
        return errno;
    const int rc = ::fsync(fd) == 0 || errno == EINVAL ? 0 : errno;
    ::close(fd);
    return rc;
}

// Refuses to replace what is not a regular file (a folder, a device, a pipe): renaming over it
// would destroy it or fail half-way, and writing into it is not a save.
std::optional<Error> checkTarget(const std::string& target, mode_t& mode)
{
    struct stat st {};
    if (::stat(target.c_str(), &st) != 0) {
        if (errno != ENOENT)
            return saveError(target, "cannot check the file", errno);
        const mode_t mask = ::umask(0);
        ::umask(mask);
        mode = 0666 & ~mask;
        return std::nullopt;
    }
    if (!S_ISREG(st.st_mode))
        return Error{ErrorKind::Io, target + ": not a regular file; nothing was written", target};
    mode = st.st_mode & 07777;
    return std::nullopt;
}

// Writes, flushes and closes the temporary file; returns 0 or the errno of the failing step.
int writeTemporary(int fd, const QByteArray& bytes, mode_t mode, std::string& step)
{
    step = "cannot set the permissions of the new file";
    if (::fchmod(fd, mode) != 0)
        return errno;
    step = "writing failed";
    if (!writeAll(fd, bytes.constData(), static_cast<std::size_t>(bytes.size())))
        return errno;
    step = "flushing to disk failed";
    if (::fsync(fd) != 0)
        return errno;
    return 0;
}

// A complete, synced new file beside its target, not yet in place.
struct Staged {
    std::string target, temporary;
};

Result<Staged> stage(const QString& path, const QByteArray& bytes)
{
    Staged s{resolvedTarget(path), {}};
    mode_t mode = 0644;
    if (auto refused = checkTarget(s.target, mode))
        return *refused;
    s.temporary = folderOf(s.target) + "/." + QFileInfo(QString::fromStdString(s.target)).fileName().toStdString()
                  + ".XXXXXX";
    const int fd = ::mkostemp(s.temporary.data(), O_CLOEXEC);
    if (fd < 0)
        return saveError(s.target, "cannot create a file in its folder", errno);
    std::string step;
    int err = writeTemporary(fd, bytes, mode, step);
    if (::close(fd) != 0 && err == 0) {
        err = errno;
        step = "closing the new file failed";
    }
    if (err != 0) {
        ::unlink(s.temporary.c_str());
        return saveError(s.target, step, err);
    }
    return s;
}

} // namespace

Result<void> saveAtomically(const QString& path, const QByteArray& bytes)
{
    return saveAllAtomically({{path, bytes}});
}

Result<void> saveAllAtomically(const std::vector<std::pair<QString, QByteArray>>& files)
{
    std::vector<Staged> staged;
    for (const auto& [path, bytes] : files) {
        auto s = stage(path, bytes);
        if (!s) {
            for (const Staged& done : staged)
                ::unlink(done.temporary.c_str());
            return s.error();
        }
        staged.push_back(std::move(s.value()));
    }
    for (std::size_t i = 0; i < staged.size(); ++i) {
        if (::rename(staged[i].temporary.c_str(), staged[i].target.c_str()) != 0) {
            const int err = errno;
            for (std::size_t j = i; j < staged.size(); ++j)
                ::unlink(staged[j].temporary.c_str());
            return saveError(staged[i].target, "cannot put the new file in place", err);
        }
    }
    for (const Staged& s : staged)
        if (const int folderErr = syncFolder(folderOf(s.target)); folderErr != 0)
            return folderSyncError(s.target, folderErr);
    return boost::outcome_v2::success();
}

Result<void> commitFinishedFile(const QString& finishedPath, const QString& path)
{
    const std::string finished = QFileInfo(finishedPath).absoluteFilePath().toStdString();
    const std::string target = resolvedTarget(path);
    mode_t mode = 0644;
    std::optional<Error> refused = checkTarget(target, mode);
    int err = 0;
    std::string step;
    if (!refused) {
        const int fd = ::open(finished.c_str(), O_RDWR | O_CLOEXEC);
        err = fd < 0 ? errno : 0;
        step = "cannot reopen the finished file";
        if (fd >= 0) {
            step = "cannot set the permissions of the new file";
            if (::fchmod(fd, mode) != 0)
                err = errno;
            if (err == 0 && ::fsync(fd) != 0) {
                err = errno;
                step = "flushing to disk failed";
            }
            ::close(fd);
        }
        if (err == 0 && ::rename(finished.c_str(), target.c_str()) != 0) {
            err = errno;
            step = "cannot put the new file in place";
        }
    }
    if (refused || err != 0) {
        ::unlink(finished.c_str());
        return refused ? *refused : saveError(target, step, err);
    }
    if (const int folderErr = syncFolder(folderOf(target)); folderErr != 0)
        return folderSyncError(target, folderErr);
    return boost::outcome_v2::success();
}

Result<bool> placeFinishedFileIfAbsent(const QString& finishedPath, const QString& path)
{
    const std::string finished = QFileInfo(finishedPath).absoluteFilePath().toStdString();
    const std::string target = QFileInfo(path).absoluteFilePath().toStdString();
    auto failed = [&](const char* step, int err) {
        return Error{ErrorKind::Io, target + ": " + step + ": " + std::strerror(err), target};
    };
    const int fd = ::open(finished.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return failed("cannot reopen the finished file", errno);
    const int syncErr = ::fsync(fd) == 0 ? 0 : errno;
    ::close(fd);
    if (syncErr != 0)
        return failed("flushing to disk failed", syncErr);
    if (::link(finished.c_str(), target.c_str()) == 0) {
        ::unlink(finished.c_str());
    } else if (errno == EEXIST) {
        return false;
    } else if (errno == EPERM || errno == EOPNOTSUPP || errno == EMLINK || errno == ENOSYS) {
        // No hard links here (some FUSE and FAT file systems): the same promise from the kernel.
        if (::renameat2(AT_FDCWD, finished.c_str(), AT_FDCWD, target.c_str(), RENAME_NOREPLACE) != 0) {
            if (errno == EEXIST)
                return false;
            return failed("cannot put the new file in place", errno);
        }
    } else {
        return failed("cannot put the new file in place", errno);
    }
    if (const int folderErr = syncFolder(folderOf(target)); folderErr != 0)
        return folderSyncError(target, folderErr);
    return true;
}

} // namespace planner
