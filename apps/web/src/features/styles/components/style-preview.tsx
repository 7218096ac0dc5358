import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useUiLanguage } from '../../../hooks/use-ui-language';
import { STYLE_PREVIEW_MESSAGE, type StyleTriple } from '@planvy/shared';
import { paths } from '../../../config/paths';
import classes from './styles-editor.module.css';

const WIDTHS = { desktop: 1280, phone: 390 } as const;
type Device = keyof typeof WIDTHS;

/**
 * The project's real widget in a frame, repainted with the draft as it changes (posted to
 * the frame, never saved on the way). Desktop is drawn at 1280 px and scaled to fit; phone at 390 px.
 */
export const StylePreview = memo(function StylePreview({
  projectId,
  styles,
}: {
  projectId: number;
  styles: StyleTriple[];
}) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>('desktop');
  const { ref, width, height } = useElementSize<HTMLDivElement>();
  const frame = useRef<HTMLIFrameElement>(null);
  const latest = useRef(styles);
  latest.current = styles;

  // The widget is served by this server, so the message goes to this origin only.
  const post = useCallback(() => {
    frame.current?.contentWindow?.postMessage(
      { type: STYLE_PREVIEW_MESSAGE, styles: latest.current },
      window.location.origin,
    );
  }, []);
  useEffect(post, [styles, post]);

  const lang = useUiLanguage();
  const frameWidth = WIDTHS[device];
  const scale = width > 0 ? Math.min(1, width / frameWidth) : 1;
  const frameHeight = height > 0 ? Math.round(height / scale) : 640;

  return (
    <Stack gap="xs" className={classes.previewPane}>
      <Group justify="space-between" gap="sm">
        <div>
          <Title order={3} size="h5">
            {t('styles.preview.title')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('styles.preview.note')}
          </Text>
        </div>
        <SegmentedControl
          aria-label={t('styles.preview.width')}
          size="xs"
          value={device}
          onChange={setDevice}
          data={[
            { value: 'desktop', label: t('styles.preview.desktop') },
            { value: 'phone', label: t('styles.preview.phone') },
          ]}
        />
      </Group>
      <div ref={ref} className={classes.viewport} data-device={device}>
        <iframe
          ref={frame}
          className={classes.frame}
          src={`${paths.widget(projectId)}?preview=1&lang=${lang}`}
          title={t('styles.preview.frameTitle')}
          onLoad={post}
          style={{
            width: frameWidth,
            height: frameHeight,
            transform: `translateX(-50%) scale(${scale})`,
          }}
        />
      </div>
    </Stack>
  );
});
