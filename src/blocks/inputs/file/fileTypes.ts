// Allowed file types of a file input: entries are extensions ("pdf", ".jpg"), MIME types ("image/png") or
// wildcards ("image/*"). Uploaded files are only known by their URL, so everything resolves to extensions.

/** Common MIME types and the extensions they are saved with (first one canonical). */
const extensionsByMimeType: Record<string, string[]> = {
  'audio/aac': ['aac'],
  'audio/mp4': ['m4a'],
  'audio/mpeg': ['mp3'],
  'audio/mp3': ['mp3'],
  'audio/ogg': ['ogg', 'oga'],
  'audio/wav': ['wav'],
  'audio/wave': ['wav'],
  'audio/webm': ['weba'],
  'image/avif': ['avif'],
  'image/bmp': ['bmp'],
  'image/gif': ['gif'],
  'image/heic': ['heic'],
  'image/heif': ['heif'],
  'image/jpeg': ['jpeg', 'jpg'],
  'image/jpg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/svg+xml': ['svg'],
  'image/tiff': ['tif', 'tiff'],
  'image/webp': ['webp'],
  'video/mp4': ['mp4'],
  'video/mpeg': ['mpeg', 'mpg'],
  'video/ogg': ['ogv'],
  'video/quicktime': ['mov'],
  'video/webm': ['webm'],
  'application/pdf': ['pdf'],
  'application/msword': ['doc'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.ms-excel': ['xls'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.ms-powerpoint': ['ppt'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'application/vnd.oasis.opendocument.spreadsheet': ['ods'],
  'application/vnd.oasis.opendocument.presentation': ['odp'],
  'application/rtf': ['rtf'],
  'application/zip': ['zip'],
  'application/gzip': ['gz'],
  'application/x-tar': ['tar'],
  'application/x-rar-compressed': ['rar'],
  'application/x-7z-compressed': ['7z'],
  'application/json': ['json'],
  'application/xml': ['xml'],
  'text/plain': ['txt'],
  'text/csv': ['csv'],
}

/** Spellings of the same format: a file named `.jpg` satisfies "jpeg" and vice versa. */
const aliases: string[][] = [
  ['jpg', 'jpeg'],
  ['tif', 'tiff'],
  ['mpg', 'mpeg'],
]

const withAliases = (extension: string) => aliases.find((group) => group.includes(extension)) ?? [extension]

/** The extensions (lower case, no dot) the allowed types stand for. */
export const allowedExtensions = (types: string[]): Set<string> => {
  const allowed = new Set<string>()
  for (const raw of types) {
    const type = raw.trim().toLowerCase()
    if (type.endsWith('/*')) {
      const base = type.slice(0, -1)
      for (const [mime, exts] of Object.entries(extensionsByMimeType)) if (mime.startsWith(base)) exts.forEach((e) => allowed.add(e))
    } else if (type.includes('/')) {
      extensionsByMimeType[type]?.forEach((e) => allowed.add(e))
    } else if (type.replace(/^\./, '') !== '') {
      withAliases(type.replace(/^\./, '')).forEach((e) => allowed.add(e))
    }
  }
  return allowed
}

/** The extension of a file URL's path (query strings of signed URLs ignored), lower case. */
export const urlExtension = (url: string): string | undefined => {
  let path = url
  try {
    path = new URL(url).pathname
  } catch {
    path = url.split(/[?#]/)[0]
  }
  const name = path.split('/').pop() ?? ''
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : undefined
}
