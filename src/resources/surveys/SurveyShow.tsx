import { EditButton, Show, TabbedShowLayout, TopToolbar, usePermissions } from 'react-admin';
import { canAccess } from '../../../common/sections';
import type { Role } from '../../../common/types';
import { SurveyAnswerForm } from './SurveyAnswerForm';
import { SurveyResults } from './SurveyResults';
import { SurveyStatusButtons } from './SurveyStatusButtons';

/** A survey's page: the answer form for everyone, and for editors its results tab. */
export default function SurveyShow() {
  const { permissions } = usePermissions<Role>();
  const canWrite = permissions !== undefined && canAccess(permissions, 'surveys', 'write');
  return (
    <Show
      actions={
        canWrite ? (
          <TopToolbar>
            <SurveyStatusButtons />
            <EditButton />
          </TopToolbar>
        ) : (
          false
        )
      }
    >
      <TabbedShowLayout>
        <TabbedShowLayout.Tab label="surveys.tabs.answer">
          <SurveyAnswerForm />
        </TabbedShowLayout.Tab>
        {canWrite && (
          <TabbedShowLayout.Tab label="surveys.tabs.results" path="results">
            <SurveyResults />
          </TabbedShowLayout.Tab>
        )}
      </TabbedShowLayout>
    </Show>
  );
}
