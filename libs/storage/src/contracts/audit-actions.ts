import { AuditActionDefinition } from '@app/platform';

/** How the storage context's events read as audit events (the upload's key is dropped from details with the other key fields). */
export const STORAGE_AUDIT_ACTIONS: AuditActionDefinition[] = [
  {
    event: 'StorageObjectUploaded',
    action: 'storage.file.uploaded',
    label: 'File uploaded',
    target: (d) => ({ type: 'upload', id: d.uploadId as string }),
    organizationId: (d) => d.organizationId as string,
  },
];
