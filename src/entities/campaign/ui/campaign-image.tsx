import { AspectRatio, Center, Image } from '@mantine/core';
import { IconCalendar } from '@/shared/ui/icons';

export interface CampaignImageProps {
  name: string;
  imageUrl: string | null | undefined;
  /** A fixed height in px; without it the image keeps a banner's 8:3 shape at any width. */
  height?: number;
}

/** Banners are drawn 8:3 (640×240) with the campaign's name on them: that shape shows them whole. */
const BANNER_RATIO = 8 / 3;

/** The campaign's image, or a neutral block of the same size when it has none. */
export function CampaignImage({ name, imageUrl, height }: CampaignImageProps) {
  const content = imageUrl ? (
    <Image src={imageUrl} alt={`Imagen de ${name}`} h={height ?? '100%'} fit="cover" />
  ) : (
    <Center h={height ?? '100%'} bg="var(--panel-placeholder-background)" c="dimmed" role="img" aria-label={`${name} sin imagen`}>
      <IconCalendar size={32} />
    </Center>
  );
  return height === undefined ? <AspectRatio ratio={BANNER_RATIO}>{content}</AspectRatio> : content;
}
