/**
 * The words the scale data set is made of: believable, fictitious Spanish names of people,
 * companies, campaigns, plans and places. Plain data; server/db/seed/scale.ts combines them.
 */

export const FIRST_NAMES = [
  'Laura', 'Andrés', 'Valentina', 'Santiago', 'Camila', 'José', 'Daniela', 'Mateo', 'Isabella', 'Sebastián',
  'Mariana', 'Nicolás', 'Sofía', 'Alejandro', 'Gabriela', 'Juan', 'María', 'Carlos', 'Ana', 'Luis',
  'Paula', 'Diego', 'Natalia', 'Felipe', 'Carolina', 'Jorge', 'Lucía', 'Miguel', 'Fernanda', 'Ricardo',
  'Juliana', 'Óscar', 'Catalina', 'Manuel', 'Verónica', 'Javier', 'Adriana', 'Fernando', 'Diana', 'Sergio',
  'Patricia', 'Héctor', 'Claudia', 'Raúl', 'Mónica', 'Pablo', 'Andrea', 'Tomás', 'Ximena', 'Emilio',
  'Rocío', 'Martín', 'Lorena', 'Iván', 'Beatriz', 'Gonzalo', 'Silvia', 'Ramiro', 'Elena', 'Julián',
];

export const SURNAMES = [
  'Martínez', 'Rojas', 'Gómez', 'Herrera', 'Díaz', 'Pérez', 'Castillo', 'Rodríguez', 'Ortiz', 'Hernández',
  'Torres', 'Vega', 'Sánchez', 'Ruiz', 'Fernández', 'León', 'Morales', 'Peña', 'López', 'Salazar',
  'Ramírez', 'Acosta', 'García', 'Jiménez', 'Vargas', 'Castro', 'Romero', 'Suárez', 'Mendoza', 'Ríos',
  'Álvarez', 'Moreno', 'Muñoz', 'Guerrero', 'Medina', 'Cortés', 'Restrepo', 'Quintero', 'Cárdenas', 'Zapata',
  'Navarro', 'Ibáñez', 'Cruz', 'Delgado', 'Aguilar', 'Rivera', 'Molina', 'Silva', 'Campos', 'Osorio',
  'Valencia', 'Bermúdez', 'Paredes', 'Fuentes', 'Sandoval', 'Carrillo', 'Espinosa', 'Montoya', 'Benítez', 'Arango',
];

/** Where the customers live, with the coordinates their bookings carry. */
export const CITIES: [city: string, country: string, latitude: number, longitude: number][] = [
  ['Bogotá', 'Colombia', 4.711, -74.0721],
  ['Medellín', 'Colombia', 6.2442, -75.5812],
  ['Cali', 'Colombia', 3.4516, -76.532],
  ['Barranquilla', 'Colombia', 10.9685, -74.7813],
  ['Bucaramanga', 'Colombia', 7.1193, -73.1227],
  ['Cartagena', 'Colombia', 10.391, -75.4794],
  ['Pereira', 'Colombia', 4.8133, -75.6961],
  ['Manizales', 'Colombia', 5.0703, -75.5138],
  ['Ciudad de México', 'México', 19.4326, -99.1332],
  ['Guadalajara', 'México', 20.6597, -103.3496],
  ['Monterrey', 'México', 25.6866, -100.3161],
  ['Lima', 'Perú', -12.1211, -77.0297],
  ['Arequipa', 'Perú', -16.409, -71.5375],
  ['Santiago', 'Chile', -33.4263, -70.6109],
  ['Valparaíso', 'Chile', -33.0472, -71.6127],
  ['Quito', 'Ecuador', -0.1807, -78.4678],
  ['Guayaquil', 'Ecuador', -2.1709, -79.9224],
  ['Panamá', 'Panamá', 8.9824, -79.5199],
  ['San José', 'Costa Rica', 9.9281, -84.0907],
  ['Buenos Aires', 'Argentina', -34.6037, -58.3816],
];

export const STREETS = ['Calle', 'Carrera', 'Avenida', 'Diagonal', 'Transversal', 'Av.', 'Jirón', 'Pasaje'];

export const MAIL_DOMAINS = ['gmail.com', 'hotmail.com', 'outlook.com', 'yahoo.es', 'correo.co', 'live.com'];

/** ISO codes of the countries sponsors, DSPs and staff are from (seeded by the base seed). */
export const COUNTRY_CODES = ['CO', 'CO', 'CO', 'MX', 'MX', 'PE', 'CL', 'EC', 'PA', 'CR', 'AR', 'ES'];

export const COMPANY_PREFIXES = ['Grupo', 'Seguros', 'Banco', 'Aseguradora', 'Cooperativa', 'Financiera', 'Red', 'Clínica', 'Corporación', 'Fundación', 'Compañía', 'Caja'];

export const COMPANY_CORES = [
  'Andino', 'del Pacífico', 'Horizonte', 'Cordillera', 'del Caribe', 'Sol Naciente', 'Altamira', 'Bolívar', 'Tequendama', 'Orinoco',
  'Magdalena', 'Sierra Nevada', 'Amazonas', 'del Valle', 'Atlántico', 'Patagonia', 'Aconcagua', 'Maya', 'Azteca', 'Inca',
  'Los Andes', 'Mar Azul', 'Tierra Firme', 'Nueva Granada', 'Monteverde', 'Occidente', 'Oriente', 'Central', 'del Sur', 'del Norte',
  'Cumbre', 'Guadalupe', 'San Marcos', 'Santa Fe', 'Buenaventura', 'Esmeralda', 'Palmira', 'Riomar', 'Vallenato', 'Llanero',
  'Cafetero', 'Bahía', 'Alianza', 'Progreso', 'Confianza', 'Futuro', 'Unión', 'Solidaria', 'Previsora', 'Colonial',
];

export const COMPANY_SUFFIXES = ['S.A.', 'S.A.S.', 'Ltda.', 'y Cía.', 'Internacional'];

/**
 * The lines of business: each campaign takes one, with its catalogue category, the categories of
 * the campaign and the services of its plans.
 */
export const THEMES: { campaign: string; category: string; services: [string, string, string] }[] = [
  { campaign: 'Hogar', category: 'Hogar', services: ['Plomería', 'Cerrajería', 'Electricidad'] },
  { campaign: 'Auto', category: 'Vehículos', services: ['Grúa', 'Cambio de llanta', 'Paso de corriente'] },
  { campaign: 'Salud', category: 'Salud', services: ['Médico a domicilio', 'Orientación médica telefónica', 'Chequeo preventivo'] },
  { campaign: 'Mascotas', category: 'Mascotas', services: ['Consulta veterinaria', 'Baño y peluquería', 'Vacunación'] },
  { campaign: 'Viajes', category: 'Viajes', services: ['Asistencia en el exterior', 'Pérdida de equipaje', 'Traslado médico'] },
  { campaign: 'Tecnología', category: 'Tecnología', services: ['Soporte remoto', 'Reparación de equipos', 'Recuperación de datos'] },
  { campaign: 'Legal', category: 'Legal', services: ['Orientación jurídica', 'Revisión de contratos', 'Acompañamiento en trámites'] },
  { campaign: 'Educación', category: 'Educación', services: ['Tutorías escolares', 'Orientación vocacional', 'Cursos en línea'] },
  { campaign: 'Bienestar', category: 'Bienestar', services: ['Nutricionista', 'Psicología', 'Entrenador personal'] },
  { campaign: 'Exequial', category: 'Exequial', services: ['Servicio funerario', 'Traslado nacional', 'Acompañamiento en duelo'] },
  { campaign: 'Moto', category: 'Motos', services: ['Grúa para moto', 'Mecánico en vía', 'Conductor elegido'] },
  { campaign: 'Pyme', category: 'Empresas', services: ['Mantenimiento locativo', 'Asesoría contable', 'Vigilancia remota'] },
];

export const CAMPAIGN_ADJECTIVES = ['Seguro', 'Total', 'Plus', 'Protegido', 'Tranquilo', 'Premium', 'Esencial', 'Familiar', 'Siempre', 'Integral', '360', 'Confiable'];

export const PLAN_TIERS = ['Básico', 'Estándar', 'Plus', 'Premium', 'Oro', 'Platino', 'Familiar', 'Empresarial'];

export const DSP_PREFIXES = ['Red', 'Centro de Servicios', 'Asistencia', 'Punto', 'Aliados', 'Canal', 'Tienda', 'Agencia', 'Portal', 'Distribuidora'];

export const BOOKING_NOTES = [
  'El cliente pide que llamen 30 minutos antes de llegar.',
  'Portería: preguntar por el administrador del edificio.',
  'Prefiere atención en la mañana.',
  'Mascota en casa: perro grande, tranquilo.',
  'Confirmar por WhatsApp el día anterior.',
  'Parqueadero de visitantes disponible.',
  'Revisión preventiva acordada con el cliente por teléfono.',
  'Llevar repuestos: el cliente describió el daño por foto.',
];

export const CANCEL_REASONS = ['El cliente canceló por viaje.', 'El cliente resolvió el problema por su cuenta.', 'No se pudo contactar al cliente.', 'Reprogramado por el cliente.'];

export const ENTITLEMENT_REASONS: Record<'SUSPENDED' | 'CANCELLED' | 'EXPIRED', string> = {
  SUSPENDED: 'Falta de pago de la cuota mensual.',
  CANCELLED: 'El cliente pidió la baja por teléfono.',
  EXPIRED: 'Terminó la permanencia sin renovación.',
};
