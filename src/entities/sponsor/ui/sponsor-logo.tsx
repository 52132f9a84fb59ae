import { Avatar, Image } from '@mantine/core';
import { IconBuilding } from '@/shared/ui/icons';

export interface SponsorLogoProps {
  name: string;
  logoUrl: string | null | undefined;
  /** Width and height in pixels. @default 56 */
  size?: number;
}

/** The sponsor's logo, or a neutral placeholder when it has none. */
export function SponsorLogo({ name, logoUrl, size = 56 }: SponsorLogoProps) {
  if (!logoUrl) {
    return (
      <Avatar size={size} radius="md" color="gray" aria-label={`${name} sin logo`} role="img">
        <IconBuilding size={Math.round(size / 2)} />
      </Avatar>
    );
  }
  return <Image src={logoUrl} alt={`Logo de ${name}`} w={size} h={size} fit="contain" radius="md" />;
}
