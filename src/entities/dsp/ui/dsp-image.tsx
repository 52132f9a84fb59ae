import { Center, Image } from '@mantine/core';
import { IconPlug } from '@/shared/ui/icons';

const BANNER_HEIGHT = 120;

/** The DSP's image, whole (it is usually a logo), or a neutral block of the same size without one. */
export function DspImage({ name, imageUrl }: { name: string; imageUrl: string | null | undefined }) {
  return imageUrl ? (
    <Image src={imageUrl} alt={`Imagen de ${name}`} h={BANNER_HEIGHT} fit="contain" bg="var(--panel-placeholder-background)" p="xs" />
  ) : (
    <Center h={BANNER_HEIGHT} bg="var(--panel-placeholder-background)" c="dimmed" role="img" aria-label={`${name} sin imagen`}>
      <IconPlug size={32} />
    </Center>
  );
}
