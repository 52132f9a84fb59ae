export { IMAGE_SIZE_ERROR, IMAGE_TYPES, IMAGE_TYPE_ERROR, ImageInput, formImageProps, type ImageInputProps } from './image-input';
