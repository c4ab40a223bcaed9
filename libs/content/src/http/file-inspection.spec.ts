import { contentTypeOf, inspectFile } from './file-inspection';
import { imageDimensions } from './image-dimensions';

// A 1×1 PNG, a 3×2 GIF and a JPEG header of 5×4 (SOI, JFIF APP0, SOF0, EOI), built by hand.
const png = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082',
  'hex',
);
const gif = Buffer.from('474946383961030002008000000000ffffff2c00000000030002000002028451003b', 'hex');
const jpeg = Buffer.from('ffd8ffe000104a46494600010100000100010000' + 'ffc0001108000400050301220002110103110100' + 'ffd9', 'hex');
const svg = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30"></svg>');

describe('files: type and dimensions from the bytes', () => {
  it('reads dimensions of PNG, GIF, JPEG and SVG with image-size; nothing for other bytes', () => {
    expect(imageDimensions(png)).toEqual({ width: 1, height: 1 });
    expect(imageDimensions(gif)).toEqual({ width: 3, height: 2 });
    expect(imageDimensions(jpeg)).toEqual({ width: 5, height: 4 });
    expect(imageDimensions(svg)).toEqual({ width: 40, height: 30 });
    expect(imageDimensions(Buffer.from('not an image'))).toBeUndefined();
    expect(imageDimensions(png.subarray(0, 12))).toBeUndefined();
  });

  it('the bytes win over the declared type when they carry a signature', async () => {
    expect(await inspectFile(png, 'image/jpeg')).toEqual({ contentType: 'image/png', dimensions: { width: 1, height: 1 } });
    expect(await inspectFile(jpeg, 'application/octet-stream')).toEqual({ contentType: 'image/jpeg', dimensions: { width: 5, height: 4 } });
    expect(await contentTypeOf(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'image/png')).toBe('application/pdf');
  });

  it('text formats keep the declared type; a generic container does not replace a type built on it', async () => {
    expect(await inspectFile(Buffer.from('# Title\n'), 'text/markdown; charset=utf-8')).toEqual({ contentType: 'text/markdown; charset=utf-8' });
    expect(await inspectFile(svg, 'image/svg+xml')).toEqual({ contentType: 'image/svg+xml', dimensions: { width: 40, height: 30 } });
    expect(await contentTypeOf(svg, 'application/octet-stream')).toBe('application/xml');
    // Declared as an image, but no image inside: no dimensions, and the type stands (nothing better is known).
    expect(await inspectFile(Buffer.from('hello'), 'image/png')).toEqual({ contentType: 'image/png' });
  });
});
