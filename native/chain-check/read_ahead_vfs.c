/*
 * Read-ahead for verify's readers (docs/adr/0013-verify-reads-ahead.md): a SQLite VFS over the platform's
 * own that reads a database file in 128 KiB blocks and serves SQLite's 4 KiB page reads from the last few
 * blocks, so a reader going through a log in order makes one system call where it made thirty-two. Every
 * other call, and every file that is not a main database (the WAL, journals), goes to the platform's VFS
 * unchanged.
 *
 * What a block holds is only ever used inside the read transaction it was read in: any lock change on
 * the file (a transaction starting or ending, a WAL read mark taken) or any write through it forgets every
 * block. Within a read transaction the pages SQLite reads from the database file do not change: a
 * checkpoint only copies in pages the reader finds in the WAL (the same guarantee SQLite's own memory
 * mapping rests on). A read the blocks cannot serve whole (past the file's end, larger than a block, a
 * failed read) goes to the platform's VFS as it was asked.
 *
 * Registered as the process's default VFS by `sqlite3_readahead_init`, which verify calls once before it
 * opens a log (src/adapters/store/sqlite-read-ahead.ts); connections opened before keep the VFS they have.
 */
#include <sqlite3ext.h>
SQLITE_EXTENSION_INIT3
#include <string.h>

#define BLOCK (128 * 1024)
#define BLOCKS 4 /* a table's leaves, its index, the MACs beside them, one spare */

typedef struct {
  sqlite3_int64 offset;
  int filled; /* 0: empty */
  unsigned used;
  unsigned char *bytes;
} Block;

typedef struct {
  sqlite3_file base;
  sqlite3_file *real; /* the platform's file, in the memory right after this struct */
  int main_db;        /* a main database file */
  int reads_ahead;    /* a main database whose reads go through the blocks (PRAGMA verify_read_ahead) */
  unsigned clock;
  Block block[BLOCKS];
} AheadFile;

static sqlite3_vfs *platform;
static sqlite3_vfs ahead_vfs;
/* One table per version of the platform's file methods: the wrapper answers only what the platform's file does. */
static sqlite3_io_methods ahead_methods[4];

static void forget(AheadFile *f) {
  for (int i = 0; i < BLOCKS; i += 1) f->block[i].filled = 0;
}

static int ahead_read(sqlite3_file *file, void *out, int amount, sqlite3_int64 offset) {
  AheadFile *f = (AheadFile *)file;
  sqlite3_file *real = f->real;
  if (!f->reads_ahead || amount > BLOCK / 4) return real->pMethods->xRead(real, out, amount, offset);
  Block *oldest = &f->block[0];
  for (int i = 0; i < BLOCKS; i += 1) {
    Block *b = &f->block[i];
    if (b->filled && offset >= b->offset && offset + amount <= b->offset + b->filled) {
      memcpy(out, b->bytes + (offset - b->offset), (size_t)amount);
      b->used = ++f->clock;
      return SQLITE_OK;
    }
    if (b->used < oldest->used) oldest = b;
  }
  sqlite3_int64 start = offset - offset % BLOCK;
  if (offset + amount > start + BLOCK) return real->pMethods->xRead(real, out, amount, offset);
  if (oldest->bytes == NULL && (oldest->bytes = sqlite3_malloc(BLOCK)) == NULL) return real->pMethods->xRead(real, out, amount, offset);
  oldest->filled = 0;
  /* A block past the file's end reads short: SQLite's answer for that is the platform's, so ask it. */
  if (real->pMethods->xRead(real, oldest->bytes, BLOCK, start) != SQLITE_OK) return real->pMethods->xRead(real, out, amount, offset);
  oldest->offset = start;
  oldest->filled = BLOCK;
  oldest->used = ++f->clock;
  memcpy(out, oldest->bytes + (offset - start), (size_t)amount);
  return SQLITE_OK;
}

static int ahead_close(sqlite3_file *file) {
  AheadFile *f = (AheadFile *)file;
  int rc = f->real->pMethods->xClose(f->real);
  for (int i = 0; i < BLOCKS; i += 1) sqlite3_free(f->block[i].bytes);
  return rc;
}

/* Calls that can change what the file holds, or end the transaction the blocks were read in: forget them. */
static int ahead_write(sqlite3_file *file, const void *in, int amount, sqlite3_int64 offset) {
  AheadFile *f = (AheadFile *)file;
  forget(f);
  return f->real->pMethods->xWrite(f->real, in, amount, offset);
}
static int ahead_truncate(sqlite3_file *file, sqlite3_int64 size) {
  AheadFile *f = (AheadFile *)file;
  forget(f);
  return f->real->pMethods->xTruncate(f->real, size);
}
static int ahead_lock(sqlite3_file *file, int level) {
  AheadFile *f = (AheadFile *)file;
  forget(f);
  return f->real->pMethods->xLock(f->real, level);
}
static int ahead_unlock(sqlite3_file *file, int level) {
  AheadFile *f = (AheadFile *)file;
  forget(f);
  return f->real->pMethods->xUnlock(f->real, level);
}
static int ahead_shm_lock(sqlite3_file *file, int offset, int n, int flags) {
  AheadFile *f = (AheadFile *)file;
  forget(f);
  return f->real->pMethods->xShmLock(f->real, offset, n, flags);
}
/*
 * `PRAGMA verify_read_ahead = 0 | 1` on a connection (SQLite hands an unknown pragma to the main database's
 * file as SQLITE_FCNTL_PRAGMA): whether this file reads in blocks; `PRAGMA verify_read_ahead` says which.
 * PRAGMA quick_check walks each b-tree of the file in turn (the events, their index, the MACs), and the
 * pages of each are spread through the whole file among the others': it would read each block once per
 * b-tree and use a few of its pages each time (3.0 GB read from a 560 MiB log, against 1.1 GB page by page),
 * so verify checks the file page by page. Without this VFS the pragma is unknown, and does nothing.
 */
static int ahead_pragma(AheadFile *f, char **args) {
  if (args[1] == NULL || sqlite3_stricmp(args[1], "verify_read_ahead") != 0) return SQLITE_NOTFOUND;
  if (args[2] != NULL) f->reads_ahead = f->main_db && (sqlite3_stricmp(args[2], "0") != 0 && sqlite3_stricmp(args[2], "off") != 0);
  else args[0] = sqlite3_mprintf("%d", f->reads_ahead);
  return SQLITE_OK;
}
static int ahead_file_control(sqlite3_file *file, int op, void *arg) {
  AheadFile *f = (AheadFile *)file;
  forget(f);
  if (op == SQLITE_FCNTL_PRAGMA) {
    int rc = ahead_pragma(f, (char **)arg);
    if (rc != SQLITE_NOTFOUND) return rc;
  }
  return f->real->pMethods->xFileControl(f->real, op, arg);
}

/* The rest as the platform does it. */
static int ahead_sync(sqlite3_file *file, int flags) {
  return ((AheadFile *)file)->real->pMethods->xSync(((AheadFile *)file)->real, flags);
}
static int ahead_file_size(sqlite3_file *file, sqlite3_int64 *size) {
  return ((AheadFile *)file)->real->pMethods->xFileSize(((AheadFile *)file)->real, size);
}
static int ahead_check_reserved_lock(sqlite3_file *file, int *out) {
  return ((AheadFile *)file)->real->pMethods->xCheckReservedLock(((AheadFile *)file)->real, out);
}
static int ahead_sector_size(sqlite3_file *file) {
  return ((AheadFile *)file)->real->pMethods->xSectorSize(((AheadFile *)file)->real);
}
static int ahead_device_characteristics(sqlite3_file *file) {
  return ((AheadFile *)file)->real->pMethods->xDeviceCharacteristics(((AheadFile *)file)->real);
}
static int ahead_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **out) {
  return ((AheadFile *)file)->real->pMethods->xShmMap(((AheadFile *)file)->real, region, size, extend, out);
}
static void ahead_shm_barrier(sqlite3_file *file) {
  ((AheadFile *)file)->real->pMethods->xShmBarrier(((AheadFile *)file)->real);
}
static int ahead_shm_unmap(sqlite3_file *file, int delete_flag) {
  return ((AheadFile *)file)->real->pMethods->xShmUnmap(((AheadFile *)file)->real, delete_flag);
}
static int ahead_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
  return ((AheadFile *)file)->real->pMethods->xFetch(((AheadFile *)file)->real, offset, amount, out);
}
static int ahead_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
  return ((AheadFile *)file)->real->pMethods->xUnfetch(((AheadFile *)file)->real, offset, page);
}

static int ahead_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
  (void)vfs;
  AheadFile *f = (AheadFile *)file;
  memset(f, 0, sizeof(AheadFile));
  f->real = (sqlite3_file *)&f[1];
  int rc = platform->xOpen(platform, name, f->real, flags, out_flags);
  if (f->real->pMethods == NULL) return rc; /* nothing opened: SQLite calls no method of this file */
  int version = f->real->pMethods->iVersion;
  f->main_db = (flags & SQLITE_OPEN_MAIN_DB) != 0;
  f->reads_ahead = f->main_db;
  f->base.pMethods = &ahead_methods[version < 1 ? 1 : version > 3 ? 3 : version];
  return rc;
}

static int ahead_delete(sqlite3_vfs *v, const char *name, int sync) { (void)v; return platform->xDelete(platform, name, sync); }
static int ahead_access(sqlite3_vfs *v, const char *name, int flags, int *out) { (void)v; return platform->xAccess(platform, name, flags, out); }
static int ahead_full_pathname(sqlite3_vfs *v, const char *name, int n, char *out) { (void)v; return platform->xFullPathname(platform, name, n, out); }
static void *ahead_dl_open(sqlite3_vfs *v, const char *name) { (void)v; return platform->xDlOpen(platform, name); }
static void ahead_dl_error(sqlite3_vfs *v, int n, char *out) { (void)v; platform->xDlError(platform, n, out); }
static void (*ahead_dl_sym(sqlite3_vfs *v, void *handle, const char *name))(void) { (void)v; return platform->xDlSym(platform, handle, name); }
static void ahead_dl_close(sqlite3_vfs *v, void *handle) { (void)v; platform->xDlClose(platform, handle); }
static int ahead_randomness(sqlite3_vfs *v, int n, char *out) { (void)v; return platform->xRandomness(platform, n, out); }
static int ahead_sleep(sqlite3_vfs *v, int micros) { (void)v; return platform->xSleep(platform, micros); }
static int ahead_current_time(sqlite3_vfs *v, double *out) { (void)v; return platform->xCurrentTime(platform, out); }
static int ahead_get_last_error(sqlite3_vfs *v, int n, char *out) { (void)v; return platform->xGetLastError(platform, n, out); }
static int ahead_current_time_int64(sqlite3_vfs *v, sqlite3_int64 *out) { (void)v; return platform->xCurrentTimeInt64(platform, out); }

/* Registers the VFS "read-ahead" over the default one and makes it the default: once per process. */
static int read_ahead_register(void) {
  if (sqlite3_vfs_find("read-ahead") != NULL) return SQLITE_OK;
  platform = sqlite3_vfs_find(NULL);
  if (platform == NULL || platform->iVersion < 2) return SQLITE_ERROR;
  ahead_vfs = (sqlite3_vfs){
    .iVersion = 2, .szOsFile = (int)sizeof(AheadFile) + platform->szOsFile, .mxPathname = platform->mxPathname, .zName = "read-ahead",
    .xOpen = ahead_open, .xDelete = ahead_delete, .xAccess = ahead_access, .xFullPathname = ahead_full_pathname,
    .xDlOpen = ahead_dl_open, .xDlError = ahead_dl_error, .xDlSym = ahead_dl_sym, .xDlClose = ahead_dl_close,
    .xRandomness = ahead_randomness, .xSleep = ahead_sleep, .xCurrentTime = ahead_current_time,
    .xGetLastError = ahead_get_last_error, .xCurrentTimeInt64 = ahead_current_time_int64,
  };
  for (int version = 1; version <= 3; version += 1) {
    ahead_methods[version] = (sqlite3_io_methods){
      .iVersion = version, .xClose = ahead_close, .xRead = ahead_read, .xWrite = ahead_write, .xTruncate = ahead_truncate,
      .xSync = ahead_sync, .xFileSize = ahead_file_size, .xLock = ahead_lock, .xUnlock = ahead_unlock,
      .xCheckReservedLock = ahead_check_reserved_lock, .xFileControl = ahead_file_control, .xSectorSize = ahead_sector_size,
      .xDeviceCharacteristics = ahead_device_characteristics, .xShmMap = ahead_shm_map, .xShmLock = ahead_shm_lock,
      .xShmBarrier = ahead_shm_barrier, .xShmUnmap = ahead_shm_unmap, .xFetch = ahead_fetch, .xUnfetch = ahead_unfetch,
    };
  }
  return sqlite3_vfs_register(&ahead_vfs, 1);
}

/* The entry point verify loads: the library stays loaded for good, since the VFS lives in it. */
#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_readahead_init(sqlite3 *db, char **error, const sqlite3_api_routines *api) {
  (void)db;
  (void)error;
  SQLITE_EXTENSION_INIT2(api);
  int rc = read_ahead_register();
  return rc == SQLITE_OK ? SQLITE_OK_LOAD_PERMANENTLY : rc;
}
