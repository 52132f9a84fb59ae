import { AspectRatio, Center, Image } from '@mantine/core';
import { IconStar } from '@/shared/ui/icons';

/**
 * The plan's image whole, in a 2:1 frame on a neutral ground: a plan's picture often carries its own
 * title, which cropping would cut. A neutral block of the same shape when it has none.
 */
export function PlanImage({ name, imageUrl }: { name: string; imageUrl: string | null | undefined }) {
  return (
    <AspectRatio ratio={2}>
      {imageUrl ? (
        <Image src={imageUrl} alt={`Imagen de ${name}`} fit="contain" bg="var(--panel-placeholder-background)" />
      ) : (
        <Center bg="var(--panel-placeholder-background)" c="dimmed" role="img" aria-label={`${name} sin imagen`}>
          <IconStar size={32} />
        </Center>
      )}
    </AspectRatio>
  );
}
