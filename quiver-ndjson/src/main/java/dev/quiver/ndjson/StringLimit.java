// SPDX-License-Identifier: Apache-2.0
package dev.quiver.ndjson;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.IOException;

/**
 * The parser, refusing every string value longer than the limit. Jackson checks its own limit only as a
 * string's text buffer grows, which a recycled buffer may spare: a string of a few thousand characters
 * passed a limit of 1,000 once the buffers had grown.
 */
final class StringLimit extends JsonParserDelegate {
    private final int limit;

    StringLimit(JsonParser parser, int limit) {
        super(parser);
        this.limit = limit;
    }

    @Override
    public JsonToken nextToken() throws IOException {
        JsonToken t = delegate.nextToken();
        if (t == JsonToken.VALUE_STRING && delegate.getTextLength() > limit) {
            throw new NdjsonException(ValueReader.line(delegate), "", "beyond a limit: String value length ("
                    + delegate.getTextLength() + ") exceeds the maximum allowed (" + limit
                    + ", NdjsonLimits.withMaxStringLength)");
        }
        return t;
    }
}
