import { given } from '@app/platform/testing/given';
import {
  checkUploadSize,
  StorageObjectCommand,
  StorageObjectEvent,
  storageObject,
  UploadGrant,
  UploadTooLarge,
  UploadTypeRefused,
  UploadUrlUsed,
} from './storage-object';
import { safeFileName, typeAllowed } from './upload-kinds';

const T0 = '2026-01-01T00:00:00.000Z';
const grant: UploadGrant = {
  uploadId: 'u1',
  key: 'orgs/o1/customization_font/u1/Inter.woff2',
  organizationId: 'o1',
  kind: 'customization_font',
  declaredType: 'font/woff2',
  declaredSize: 1000,
};
const record = (size: number, contentType = 'font/woff2', g: UploadGrant = grant, maxBytes = 5000): StorageObjectCommand => ({
  type: 'RecordUpload',
  grant: g,
  size,
  contentType,
  maxBytes,
});
const uploaded = (size = 800, contentType = 'font/woff2'): StorageObjectEvent => ({
  type: 'StorageObjectUploaded',
  data: { uploadId: 'u1', key: grant.key, organizationId: 'o1', kind: 'customization_font', size, contentType, uploadedAt: T0 },
});

describe('storage object decider', () => {
  it('records an upload with its size and type (the type without parameters, lower case)', () => {
    given(storageObject)
      .whenCommand(record(800))
      .then([uploaded(800)]);
    given(storageObject)
      .whenCommand(record(1000, 'Font/WOFF2; charset=binary'))
      .then([uploaded(1000)]);
  });

  it('an upload URL stores one file: a second upload is a conflict', () => {
    given(storageObject, uploaded()).whenCommand(record(10)).thenThrows(UploadUrlUsed);
  });

  it('refuses more bytes than declared, and more than the server limit, naming the limit (413)', () => {
    given(storageObject).whenCommand(record(1001)).thenThrows(UploadTooLarge);
    given(storageObject)
      .whenCommand(record(600, 'font/woff2', grant, 500))
      .thenThrows(UploadTooLarge);
    expect(() => checkUploadSize(grant, 1001, 5000)).toThrow(
      'body: the file must not be larger than 1000 bytes (the size declared when the upload URL was made)',
    );
    expect(() => checkUploadSize({ ...grant, declaredSize: 9000 }, 6000, 5000)).toThrow(
      'body: the file must not be larger than 5000 bytes (the server limit, STORAGE_MAX_UPLOAD_BYTES)',
    );
    expect(new UploadTooLarge(1, 'x').status).toBe(413);
  });

  it('refuses another type than declared, a missing type, and a type the kind does not take (415)', () => {
    given(storageObject).whenCommand(record(10, 'font/woff')).thenThrows(UploadTypeRefused);
    given(storageObject).whenCommand(record(10, '')).thenThrows(UploadTypeRefused);
    given(storageObject)
      .whenCommand(record(10, 'font/ttf', { ...grant, declaredType: 'font/ttf' }))
      .thenThrows(UploadTypeRefused);
    expect(new UploadTypeRefused('x').status).toBe(415);
  });
});

describe('upload kinds', () => {
  it('fonts are WOFF2 or WOFF; imports are documents, archives and specifications', () => {
    expect(['font/woff2', 'font/woff', 'application/octet-stream'].every((t) => typeAllowed('customization_font', t))).toBe(true);
    expect(['font/ttf', 'image/png', 'text/html'].some((t) => typeAllowed('customization_font', t))).toBe(false);
    expect(['application/json', 'application/yaml', 'text/markdown', 'application/zip'].every((t) => typeAllowed('import_file', t))).toBe(true);
    expect(typeAllowed('import_file', 'application/x-msdownload')).toBe(false);
  });

  it('file names become safe key segments', () => {
    expect(safeFileName('Inter-Regular.woff2')).toBe('Inter-Regular.woff2');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\fonts\\Café Sans.woff')).toBe('Cafe-Sans.woff');
    expect(safeFileName('.hidden')).toBe('hidden');
    expect(safeFileName('日本語')).toBe('file');
    expect(safeFileName('')).toBe('file');
    expect(safeFileName(`${'a'.repeat(300)}.json`)).toHaveLength(100);
    expect(safeFileName(`${'a'.repeat(300)}.json`).endsWith('.json')).toBe(true);
  });
});
