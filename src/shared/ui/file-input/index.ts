export { DOCUMENT_SIZE_ERROR, DOCUMENT_TYPES, DOCUMENT_TYPE_ERROR, DocumentInput, type DocumentInputProps } from './document-input';
export { IMAGE_SIZE_ERROR, IMAGE_TYPES, IMAGE_TYPE_ERROR, ImageInput, formFileProps, type ImageInputProps } from './image-input';
