import {
  AutocompleteInput,
  FileInput,
  ImageField,
  SelectInput,
  TextInput,
  useNotify,
} from 'react-admin';
import { LANGUAGES } from '../../../common/languages';
import { BrandPreview } from './BrandPreview';
import {
  LOGO_ACCEPT,
  validateColour,
  validateLogo,
  validateName,
  validateWebsite,
} from './companyInputs';

/** Every IANA time zone this browser knows, as choices. */
const TIME_ZONES = [
  'UTC',
  ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC'),
].map((zone) => ({ id: zone, name: zone }));

/** Each language in its own name ("Français"), as choices. */
const LANGUAGE_CHOICES = LANGUAGES.map(({ code, name }) => ({ id: code, name }));

/**
 * Name, website, time zone (of the account's schedules), default language, brand colours and a logo upload (PNG, JPEG, GIF or WebP up to 1 MB), with a
 * live preview of the brand.
 */
export function CompanyFormFields() {
  const notify = useNotify();
  return (
    <>
      <TextInput source="name" validate={validateName} />
      <TextInput
        source="website"
        validate={validateWebsite}
        helperText="resources.companies.helpers.website"
      />
      <TextInput source="primaryColor" type="color" validate={validateColour} sx={{ width: 160 }} />
      <TextInput
        source="secondaryColor"
        type="color"
        validate={validateColour}
        sx={{ width: 160 }}
      />
      <AutocompleteInput
        source="timeZone"
        choices={TIME_ZONES}
        defaultValue="UTC"
        helperText="resources.companies.helpers.timeZone"
        sx={{ maxWidth: 360 }}
      />
      {/* '' (sent as an empty field) is "no default": each visitor's browser decides */}
      <SelectInput
        source="language"
        choices={LANGUAGE_CHOICES}
        translateChoice={false}
        emptyValue=""
        emptyText="resources.companies.browserLanguage"
        format={(value: string | null | undefined) => value ?? ''}
        parse={(value: string) => value}
        helperText="resources.companies.helpers.language"
        sx={{ maxWidth: 360 }}
      />
      <FileInput
        source="logo"
        accept={LOGO_ACCEPT}
        validate={validateLogo}
        helperText="resources.companies.helpers.logo"
        options={{
          onDropRejected: () =>
            notify('resources.companies.validation.logoType', { type: 'error' }),
        }}
      >
        <ImageField source="src" title="title" />
      </FileInput>
      <BrandPreview />
    </>
  );
}
