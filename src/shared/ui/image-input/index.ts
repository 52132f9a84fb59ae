export { IMAGE_SIZE_ERROR, IMAGE_TYPES, IMAGE_TYPE_ERROR, ImageInput, type ImageInputProps } from './image-input';
