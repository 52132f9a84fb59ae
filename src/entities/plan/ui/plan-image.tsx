import { AspectRatio, Center, Image } from '@mantine/core';
import { IconStar } from '@/shared/ui/icons';

/** The plan's image in a 2:1 frame (a campaign-style banner loses little of its sides), or a neutral block of the same shape when it has none. */
export function PlanImage({ name, imageUrl }: { name: string; imageUrl: string | null | undefined }) {
  return (
    <AspectRatio ratio={2}>
      {imageUrl ? (
        <Image src={imageUrl} alt={`Imagen de ${name}`} fit="cover" />
      ) : (
        <Center bg="gray.1" c="gray.6" role="img" aria-label={`${name} sin imagen`}>
          <IconStar size={32} />
        </Center>
      )}
    </AspectRatio>
  );
}
