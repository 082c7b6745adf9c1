// SPDX-License-Identifier: GPL-3.0-or-later
#define G_LOG_DOMAIN "kv-write"
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kv-error.h"
#include "kv-write.h"

#define MAX_LINKS 40  /* as the kernel's ELOOP */

static gboolean
fail (const char *path, int saved, GError **error)
{
  g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path, g_strerror (saved));
  return FALSE;
}

/* The descriptor @path stands for when it is one of this process's own
 * (/dev/fd/N, /proc/self/fd/N: what /dev/stdout leads to), else -1. */
static int
own_descriptor (const char *path)
{
  const char *number = NULL;
  guint64 fd;

  if (g_str_has_prefix (path, "/dev/fd/"))
    number = path + strlen ("/dev/fd/");
  else if (g_str_has_prefix (path, "/proc/self/fd/"))
    number = path + strlen ("/proc/self/fd/");
  if (number == NULL || !g_ascii_string_to_unsigned (number, 10, 0, G_MAXINT, &fd, NULL))
    return -1;
  return (int) fd;
}

/* @path's target, link by link; *@fd gets the descriptor the chain leads
 * to when it passes through one of ours (-1 otherwise). */
static char *
resolve (const char *path, int *fd)
{
  char *target = g_strdup (path);

  *fd = own_descriptor (target);
  /* Link by link rather than realpath(): a link to a file not made yet
   * (a dangling link) leads to where that file is to be. */
  for (guint i = 0; i < MAX_LINKS && *fd < 0; i++)
    {
      g_autofree char *link = g_file_read_link (target, NULL);
      char *next;

      if (link == NULL)
        break;
      if (g_path_is_absolute (link))
        next = g_steal_pointer (&link);
      else
        {
          g_autofree char *dir = g_path_get_dirname (target);

          next = g_build_filename (dir, link, NULL);
        }
      g_free (target);
      target = next;
      *fd = own_descriptor (target);
    }
  return target;
}

char *
kv_write_resolve (const char *path)
{
  int fd;

  g_return_val_if_fail (path != NULL, NULL);
  return resolve (path, &fd);
}

static gboolean
write_all (int fd, const char *data, gsize length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = EIO;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }
  return TRUE;
}

/* Into the file that is there (a device, a FIFO, a file with several
 * names): truncated where it is a regular file, never created. */
static gboolean
write_in_place (const char  *path,
                const char  *target,
                const char  *data,
                gsize        length,
                gboolean     regular,
                GError     **error)
{
  int fd = open (target, O_WRONLY | O_CLOEXEC | O_NOCTTY | (regular ? O_TRUNC : 0));
  int saved;

  if (fd < 0)
    return fail (path, errno, error);
  if (!write_all (fd, data, length) || (regular && fsync (fd) != 0))
    {
      saved = errno;
      close (fd);
      return fail (path, saved, error);
    }
  if (close (fd) != 0)
    return fail (path, errno, error);
  return TRUE;
}

/* Copies the rest of @from into @to and syncs it; FALSE with errno set. */
static gboolean
copy_contents (int from, int to)
{
  char buffer[64 * 1024];

  for (;;)
    {
      gssize n = read (from, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return FALSE;
      if (n == 0)
        return fsync (to) == 0;
      if (!write_all (to, buffer, (gsize) n))
        return FALSE;
    }
}

/* Copies the file @from into @out, which it closes; FALSE with errno set. */
static gboolean
copy_into (const char *from, int out)
{
  int in = open (from, O_RDONLY | O_CLOEXEC | O_NOCTTY);
  gboolean copied = in >= 0 && copy_contents (in, out);
  int saved = errno;

  if (close (out) != 0 && copied)
    {
      saved = errno;
      copied = FALSE;
    }
  if (in >= 0)
    close (in);
  errno = saved;
  return copied;
}

/* A synced copy of @target in a new file beside it (its name plus
 * ".XXXXXX"): that file's name, or NULL with errno set and nothing left. */
static char *
keep_copy (const char *target)
{
  g_autofree char *copy = g_strconcat (target, ".XXXXXX", NULL);
  int fd = g_mkstemp_full (copy, O_WRONLY | O_CLOEXEC, 0600);
  int saved;

  if (fd < 0)
    return NULL;
  if (copy_into (target, fd))
    return g_steal_pointer (&copy);
  saved = errno;
  g_unlink (copy);
  errno = saved;
  return NULL;
}

/* @copy's content back into @target, in place. */
static gboolean
put_back (const char *copy, const char *target)
{
  int fd = open (target, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOCTTY);

  return fd >= 0 && copy_into (copy, fd);
}

/* A file with several names is written in place, so that every name sees
 * the new content. In place, a full disk or a size limit would leave it
 * half-written: its old content is copied beside it first and put back if
 * the write fails. Only if that fails too does the copy stay, named in
 * the error. */
static gboolean
write_linked (const char  *path,
              const char  *target,
              const char  *data,
              gsize        length,
              GError     **error)
{
  g_autofree char *copy = NULL;
  g_autoptr(GError) local_error = NULL;

  copy = keep_copy (target);
  if (copy == NULL)
    return fail (path, errno, error);
  if (write_in_place (path, target, data, length, TRUE, &local_error))
    {
      g_unlink (copy);
      return TRUE;
    }
  if (put_back (copy, target))
    {
      g_unlink (copy);
      g_propagate_error (error, g_steal_pointer (&local_error));
      return FALSE;
    }
  /* TRANSLATORS: the first %s is "FILE: reason", the second a file name */
  g_set_error (error, local_error->domain, local_error->code, _("%s; its old content is kept in %s"),
               local_error->message, copy);
  return FALSE;
}

/* A temporary file beside @target, renamed over it once written and
 * synced; with @old's mode and owner when it replaces a file. */
static gboolean
write_atomically (const char         *path,
                  const char         *target,
                  const char         *data,
                  gsize               length,
                  const struct stat  *old,
                  int                 mode,
                  GError            **error)
{
  g_autofree char *temporary = g_strconcat (target, ".XXXXXX", NULL);
  int fd = g_mkstemp_full (temporary, O_WRONLY | O_CLOEXEC, 0600);
  int saved;

  if (fd < 0)
    return fail (path, errno, error);
  if (old != NULL)
    {
      /* Root may give the file back to its owner; others keep their own. */
      if (fchown (fd, old->st_uid, old->st_gid) != 0)
        g_debug ("%s: the owner stays the writer's: %s", path, g_strerror (errno));
      mode = (int) (old->st_mode & 07777);
    }
  else
    {
      mode_t mask = umask (0);

      umask (mask);
      mode &= ~(int) mask;
    }
  if (fchmod (fd, (mode_t) mode) != 0 || !write_all (fd, data, length) || fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      g_unlink (temporary);
      return fail (path, saved, error);
    }
  if (close (fd) != 0 || rename (temporary, target) != 0)
    {
      saved = errno;
      g_unlink (temporary);
      return fail (path, saved, error);
    }
  return TRUE;
}

gboolean
kv_write_file (const char  *path,
               const char  *data,
               gssize       length,
               int          mode,
               GError     **error)
{
  g_autofree char *target = NULL;
  struct stat info;
  int fd;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (data != NULL || length == 0, FALSE);

  if (length < 0)
    length = (gssize) strlen (data);
  target = resolve (path, &fd);
  /* /dev/stdout and the like: the descriptor the shell opened, as it is
   * (a pipe, a terminal, a file opened for appending), never reopened. */
  if (fd >= 0)
    return write_all (fd, data, (gsize) length) ? TRUE : fail (path, errno, error);
  if (stat (target, &info) != 0)
    {
      if (errno != ENOENT)
        return fail (path, errno, error);
      return write_atomically (path, target, data, (gsize) length, NULL, mode, error);
    }
  if (S_ISDIR (info.st_mode))
    return fail (path, EISDIR, error);
  if (!S_ISREG (info.st_mode))
    return write_in_place (path, target, data, (gsize) length, FALSE, error);
  /* As a shell's `> FILE`: a file its user may not write is refused, even
   * where its directory would let a rename replace it. */
  if (faccessat (AT_FDCWD, target, W_OK, AT_EACCESS) != 0)
    return fail (path, errno, error);
  if (info.st_nlink > 1)
    return write_linked (path, target, data, (gsize) length, error);
  return write_atomically (path, target, data, (gsize) length, &info, mode, error);
}

gboolean
kv_write_bytes (const char  *path,
                GBytes      *bytes,
                GError     **error)
{
  gsize size;
  const char *data;
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (bytes != NULL, FALSE);

  data = g_bytes_get_data (bytes, &size);
  /* Through links, in place on devices and FIFOs, else a temporary file
   * beside @path renamed over it (kv-write.h). */
  if (!kv_write_file (path, data, (gssize) size, 0666, &local_error))
    {
      /* kv_write_file's message is "PATH: reason". */
      const char *reason = local_error->message;

      g_autofree char *target = kv_write_resolve (path);
      g_autofree char *dir = g_path_get_dirname (target);

      if (g_str_has_prefix (reason, path) && g_str_has_prefix (reason + strlen (path), ": "))
        reason += strlen (path) + 2;
      /* ENOENT alone does not say that it is the directory that is missing. */
      if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
        reason = _("No such directory");
      /* TRANSLATORS: the first %s is a file name, the second the reason */
      g_set_error (error, KV_ERROR, KV_ERROR_IO, _("Could not write %s: %s"), path, reason);
      return FALSE;
    }

  return TRUE;
}
