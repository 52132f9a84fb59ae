export { createStorage } from './create';
export { createLocalDiskStorage, createUploadsStorage, uploadsDirOf } from './local-disk';
export { storageRoutes } from './routes';
export {
  CONTENT_TYPE_BY_EXTENSION,
  STORAGE_FOLDERS,
  STORAGE_URL_PREFIX,
  isStorageKey,
  storageUrl,
  type Storage,
  type StorageContent,
  type StorageFolder,
} from './storage';
export { discardFiles, storeUpload } from './files';
