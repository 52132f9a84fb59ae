import { Center, Image } from '@mantine/core';
import { IconCalendar } from '@/shared/ui/icons';

export interface CampaignImageProps {
  name: string;
  imageUrl: string | null | undefined;
  /** @default 140 */
  height?: number;
}

/** The campaign's image, or a neutral block of the same size when it has none. */
export function CampaignImage({ name, imageUrl, height = 140 }: CampaignImageProps) {
  if (!imageUrl) {
    return (
      <Center h={height} bg="gray.1" c="gray.6" role="img" aria-label={`${name} sin imagen`}>
        <IconCalendar size={32} />
      </Center>
    );
  }
  return <Image src={imageUrl} alt={`Imagen de ${name}`} h={height} fit="cover" />;
}
