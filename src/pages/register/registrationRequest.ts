import { apiUrl, httpClient, HttpError } from '../../ui/api/httpClient';
import type { RegistrationValues } from './registrationForm';

// POST /api/v1/register for the registration page: `true` comes with the address of the
// registration-received page (Location header); a refusal is a 400 naming the field (site
// taken or reserved, e-mail taken, invalid value), shown at that field.

type RegistrationAnswer =
  | { accepted: true; messagePath: string }
  | { accepted: false; field: keyof RegistrationValues | null; message: string | null };

const FIELDS: (keyof RegistrationValues)[] = [
  'companyName',
  'site',
  'fullName',
  'email',
  'username',
];

const RECEIVED_PAGE = /^\/messages\/registration-received\/\d+$/;

function isField(value: unknown): value is keyof RegistrationValues {
  return typeof value === 'string' && (FIELDS as string[]).includes(value);
}

/** "site: is taken" -> "is taken": the field is shown by the input itself. */
function withoutFieldPrefix(message: string, field: string): string {
  return message.startsWith(`${field}: `) ? message.slice(field.length + 2) : message;
}

export async function sendRegistration(payload: RegistrationValues): Promise<RegistrationAnswer> {
  try {
    const { json, headers } = await httpClient(apiUrl('/api/v1/register'), {
      method: 'POST',
      body: JSON.stringify(payload),
    });
    if (json !== true) return { accepted: false, field: 'site', message: null };
    const location = headers.get('location') ?? '';
    return {
      accepted: true,
      messagePath: RECEIVED_PAGE.test(location) ? location : '/messages/registration-received',
    };
  } catch (error) {
    console.error('Registration failed', error);
    const body =
      error instanceof HttpError ? (error.body as { field?: unknown; message?: unknown }) : null;
    if (error instanceof HttpError && error.status === 400 && isField(body?.field)) {
      const message = typeof body.message === 'string' ? body.message : '';
      return {
        accepted: false,
        field: body.field,
        message: withoutFieldPrefix(message, body.field),
      };
    }
    return { accepted: false, field: null, message: null };
  }
}
