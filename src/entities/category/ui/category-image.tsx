import { Avatar, Image } from '@mantine/core';
import { IconCategory } from '@/shared/ui/icons';

interface CategoryImageProps {
  name: string;
  imageUrl: string | null | undefined;
  /** Width and height in pixels. @default 56 */
  size?: number;
}

/** The category's image, or a neutral placeholder when it has none. */
export function CategoryImage({ name, imageUrl, size = 56 }: CategoryImageProps) {
  if (!imageUrl) {
    return (
      <Avatar size={size} radius="md" color="gray" aria-label={`${name} sin imagen`} role="img">
        <IconCategory size={Math.round(size / 2)} />
      </Avatar>
    );
  }
  return <Image src={imageUrl} alt={`Imagen de ${name}`} w={size} h={size} miw={size} fit="cover" radius="md" />;
}
