// SPDX-License-Identifier: GPL-3.0-or-later
/* kv-write.h: writing a whole file safely, whatever is at its path.
 *
 * Every file the CLI and the window write goes through here (the CLI's
 * -o, Save Script, Export, the autosaved session), so that writing never
 * damages what the user pointed at:
 *
 *  - a symbolic link is followed: its target is written, the link stays;
 *  - a device or FIFO (/dev/stdout, /dev/null, a named pipe) is written in
 *    place, never replaced by a regular file;
 *  - an existing file the user may not write is refused ("Permission
 *    denied", as a shell's `> FILE`), even where its directory would let
 *    a rename replace it;
 *  - an existing file with more than one hard link is written in place, so
 *    every name still sees the same file; its old content is first copied
 *    beside it (its name plus ".XXXXXX", synced) and put back if the write
 *    fails;
 *  - anything else is written atomically: a temporary file beside the
 *    target (its name plus ".XXXXXX"), synced, then renamed over it, with
 *    the mode (and, where allowed, the owner) of the file it replaces.
 *
 * A failure names the path the caller asked for, never the temporary file,
 * and leaves the file as it was and nothing behind. The one exception: a
 * file with several names whose old content could not be put back keeps
 * that content in the copy beside it, which the error names.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Writes @length bytes of @data (-1: a string) to @path; @mode is a new
 * file's mode (before the umask). FALSE with a G_FILE_ERROR in @error,
 * whose message starts with @path. */
gboolean kv_write_file (const char  *path,
                        const char  *data,
                        gssize       length,
                        int          mode,
                        GError     **error);

/* kv_write_file for @bytes, its failure said for a person: "Could not
 * write PATH: reason" in KV_ERROR_IO. */
gboolean kv_write_bytes (const char  *path,
                         GBytes      *bytes,
                         GError     **error);

/* Where kv_write_file writes for @path: the target its symbolic links
 * lead to (newly allocated); @path itself when it is none. */
char    *kv_write_resolve (const char *path);

G_END_DECLS
