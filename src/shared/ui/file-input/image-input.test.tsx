import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../tests/utils/render';
import { ImageInput } from './image-input';

function Harness({ currentUrl, onChange = () => {} }: { currentUrl?: string; onChange?: (file: File | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <ImageInput
      label="Logo"
      value={file}
      currentUrl={currentUrl}
      onChange={(next) => {
        setFile(next);
        onChange(next);
      }}
    />
  );
}

const image = (type = 'image/png', bytes = 8, name = 'logo.png') => new File([new Uint8Array(bytes)], name, { type });

describe('ImageInput', () => {
  it('shows the hint and Subir archivo, then a preview and Cambiar archivo once a file is chosen', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />);
    expect(screen.getByText('PNG, JPG, GIF hasta 10MB')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subir archivo' })).toBeInTheDocument();
    const file = image();
    await user.upload(screen.getByLabelText('Logo'), file);
    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByRole('img', { name: 'Vista previa: Logo' })).toHaveAttribute('src', 'blob:vista-previa');
    expect(screen.getByRole('button', { name: 'Cambiar archivo' })).toBeInTheDocument();
    expect(screen.getByText('logo.png')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Quitar' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: 'Subir archivo' })).toBeInTheDocument();
  });

  it('previews the stored image and offers to change it', () => {
    renderWithProviders(<Harness currentUrl="/storage/sponsors/a.png" />);
    expect(screen.getByRole('img', { name: 'Vista previa: Logo' })).toHaveAttribute('src', '/storage/sponsors/a.png');
    expect(screen.getByRole('button', { name: 'Cambiar archivo' })).toBeInTheDocument();
  });

  it('refuses other types and files over 10 MB before anything is sent', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(<Harness onChange={onChange} />, { user: { applyAccept: false } });
    await user.upload(screen.getByLabelText('Logo'), image('image/svg+xml', 8, 'logo.svg'));
    expect(screen.getByText('El archivo debe ser una imagen PNG, JPG o GIF.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Logo'), image('image/jpeg', 10 * 1024 * 1024 + 1, 'grande.jpg'));
    expect(screen.getByText('El archivo supera el máximo de 10 MB.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });
});
