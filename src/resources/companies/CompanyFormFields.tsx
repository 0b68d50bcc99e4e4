import { FileInput, ImageField, TextInput, useNotify } from 'react-admin';
import { BrandPreview } from './BrandPreview';
import {
  LOGO_ACCEPT,
  validateColour,
  validateLogo,
  validateName,
  validateWebsite,
} from './companyInputs';

/**
 * Name, website, brand colours and a logo upload (PNG, JPEG, GIF or WebP up to 1 MB), with a
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
