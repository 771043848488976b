package io.tunescope.shop.app;

import io.tunescope.BadInputException;
import io.tunescope.shop.Interaction;
import io.tunescope.shop.db.ShopImages;
import io.tunescope.shop.db.ShopPage;
import io.tunescope.shop.db.ShopRequest;
import io.tunescope.shop.db.ShopStore;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;

/**
 * Serves {@code GET /shop/<interaction>?...}: runs the interaction's transaction and answers a small HTML page, with
 * the session's keys ({@code sc_id}, {@code c_id}, {@code o_id}) as {@code X-Shop-*} headers. Malformed parameters
 * get 400, unknown pages 404, other methods 405, a failed transaction 500; none shows a stack trace.
 */
final class ShopHandler extends Handler.Abstract {
    static final String PREFIX = "/shop/";
    static final String STATE_HEADER = "X-Shop-";

    /** Says whether the in-application cache answered ({@code hit}) or the database did ({@code miss}). */
    static final String CACHE_HEADER = "X-App-Cache";

    static final String IMAGE_CACHE_CONTROL = "public, max-age=86400";

    private final ShopStore store;
    private final PageCache cache;
    private final String cacheControl;

    ShopHandler(ShopStore store, PageCache cache, int pageMaxAgeSeconds) {
        this.store = store;
        this.cache = cache;
        this.cacheControl = pageMaxAgeSeconds > 0 ? "public, max-age=" + pageMaxAgeSeconds : "no-cache";
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        if (!"GET".equals(request.getMethod())) {
            return answer(response, callback, HttpStatus.METHOD_NOT_ALLOWED_405,
                    Pages.error(405, "method (" + request.getMethod() + ") must be GET"));
        }
        if (path.equals("/") || path.equals(PREFIX)) {
            return answer(response, callback, HttpStatus.OK_200, Pages.index());
        }
        if (path.startsWith(ShopImages.URL_PREFIX)) {
            return image(path.substring(ShopImages.URL_PREFIX.length()), response, callback);
        }
        Interaction interaction = path.startsWith(PREFIX) ? Interaction.ofPath(path.substring(PREFIX.length())) : null;
        if (interaction == null) {
            return answer(response, callback, HttpStatus.NOT_FOUND_404, Pages.error(404, "no such page: " + path));
        }
        boolean cacheable = PageCache.cacheable(interaction);
        String key = cacheable && cache.enabled() ? path + "?" + request.getHttpURI().getQuery() : null;
        String kept = key == null ? null : cache.get(key);
        if (kept != null) {
            response.getHeaders().put(CACHE_HEADER, "hit");
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, cacheControl);
            return answer(response, callback, HttpStatus.OK_200, kept);
        }
        try {
            ShopPage page = store.run(interaction, new ShopRequest(parameters(request)));
            page.state().forEach((name, value) -> response.getHeaders().put(STATE_HEADER + name, value.toString()));
            String html = Pages.of(page);
            // a page that carries session keys is one browser's: never cached, here or by the proxy
            boolean shared = cacheable && page.state().isEmpty();
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, shared ? cacheControl : "no-store");
            if (shared && key != null) {
                cache.put(key, html);
                response.getHeaders().put(CACHE_HEADER, "miss");
            }
            return answer(response, callback, HttpStatus.OK_200, html);
        } catch (BadInputException e) {
            return answer(response, callback, HttpStatus.BAD_REQUEST_400, Pages.error(400, e.getMessage()));
        } catch (SQLException e) {
            return answer(response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500,
                    Pages.error(500, "the transaction failed (SQL state " + e.getSQLState() + ")"));
        } catch (RuntimeException e) {
            return answer(response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500,
                    Pages.error(500, "the page failed (" + e.getClass().getSimpleName() + ")"));
        }
    }

    /**
     * An item's image: the same bytes for as long as the store lives, so any cache may keep it for a day (what a
     * proxy keeps of them is then up to its own size limits).
     */
    private static boolean image(String name, Response response, Callback callback) {
        ShopImages.Image image = ShopImages.parse(name).orElse(null);
        if (image == null) {
            return answer(response, callback, HttpStatus.NOT_FOUND_404, Pages.error(404, "no such image: " + name));
        }
        byte[] content = image.content();
        response.setStatus(HttpStatus.OK_200);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, IMAGE_CACHE_CONTROL);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "image/gif");
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, content.length);
        response.write(true, java.nio.ByteBuffer.wrap(content), callback);
        return true;
    }

    private static Map<String, String> parameters(Request request) {
        Fields fields;
        try {
            fields = Request.extractQueryParameters(request);
        } catch (RuntimeException e) {
            throw BadInputException.of("query", request.getHttpURI().getQuery(), "must be a well-formed URL query");
        }
        Map<String, String> values = new HashMap<>();
        for (Fields.Field field : fields) {
            values.put(field.getName(), field.getValue());
        }
        return values;
    }

    private static boolean answer(Response response, Callback callback, int status, String html) {
        response.setStatus(status);
        if (status != HttpStatus.OK_200) {
            response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        }
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html; charset=utf-8");
        Content.Sink.write(response, true, html, callback);
        return true;
    }
}
