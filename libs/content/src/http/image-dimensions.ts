import { imageSize } from 'image-size';

/**
 * Width and height of an image as displayed (reference RevisionFile.dimensions), read by
 * `image-size` from the bytes: PNG, JPEG, GIF, WebP, SVG, AVIF, HEIF, TIFF, BMP, ICO and more.
 * An EXIF orientation that turns the picture (5 to 8) swaps the stored width and height.
 * Bytes it cannot read (not an image, or truncated) have no dimensions.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return undefined;
  }
  const { width, height, orientation } = size;
  if (!(width > 0 && height > 0)) return undefined;
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}
