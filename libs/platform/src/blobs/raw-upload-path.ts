/**
 * Where signed upload URLs are served (the storage context's route). Their bodies are the raw
 * bytes of a file of any type, read by that route itself: the JSON body parser leaves them alone.
 */
export const RAW_UPLOAD_PATH_PREFIX = '/v1/storage/uploads/';

export const isRawUploadPath = (path: string | undefined): boolean => typeof path === 'string' && path.startsWith(RAW_UPLOAD_PATH_PREFIX);
