// Momentum's addition to FerretDB v1.24.2 (infra/ferretdb/build/ferretdb-patch.mjs copies it into
// internal/handler/sjson): a faster decoding of stored documents. FerretDB's own Unmarshal
// makes a json.Decoder, with its buffer, for every value and decodes the schema of every
// document again: a 3 KB document of 90 values took 1,233 allocations and 240 KB, about
// 150 µs, which was most of a query's time once SQL had found its rows. Here the schema is
// decoded once per distinct schema text (documents of a collection mostly share one) and the
// values are read in one pass. Anything it does not read itself (binary data, regexes,
// timestamps) it hands to FerretDB's own decoder, and any text it does not expect (escapes
// in keys, keys out of the schema's order, a malformed value) makes Unmarshal decode the
// whole document as it always did: the same values, or the same error.

package sjson

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/FerretDB/FerretDB/internal/types"
)

// schemaCacheMax bounds the schemas kept; past it the cache starts again.
const schemaCacheMax = 512

var schemaCache struct {
	sync.RWMutex
	m map[string]*schema // by the schema's JSON text; nil: not usable here
}

// cachedSchema is the decoded schema of a document, decoded as Unmarshal decodes it; false
// when that fails, when some level of it names a key twice (Unmarshal refuses those), or when
// it names a key "$s" (that property would have hidden the schema from Unmarshal).
func cachedSchema(text []byte) (*schema, bool) {
	schemaCache.RLock()
	sch, ok := schemaCache.m[string(text)]
	schemaCache.RUnlock()

	if ok {
		return sch, sch != nil
	}

	sch = new(schema)
	r := bytes.NewReader(text)
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()

	if dec.Decode(sch) != nil || checkConsumed(dec, r) != nil || !uniqueKeys(sch) ||
		slices.Contains(sch.Keys, "$s") {
		sch = nil
	}

	schemaCache.Lock()
	if len(schemaCache.m) >= schemaCacheMax || schemaCache.m == nil {
		schemaCache.m = make(map[string]*schema, schemaCacheMax)
	}
	schemaCache.m[string(text)] = sch
	schemaCache.Unlock()

	return sch, sch != nil
}

// uniqueKeys reports whether no level of a schema names a key twice.
func uniqueKeys(sch *schema) bool {
	if sch == nil {
		return true
	}

	seen := make(map[string]struct{}, len(sch.Keys))
	for _, k := range sch.Keys {
		if _, dup := seen[k]; dup {
			return false
		}
		seen[k] = struct{}{}
	}

	for _, e := range sch.Properties {
		if !uniqueElem(e) {
			return false
		}
	}

	return true
}

func uniqueElem(e *elem) bool {
	if e == nil {
		return true
	}

	if !uniqueKeys(e.Schema) {
		return false
	}

	for _, item := range e.Items {
		if !uniqueElem(item) {
			return false
		}
	}

	return true
}

// fastDecoder reads one document's JSON text.
type fastDecoder struct {
	b []byte
	i int
}

// unmarshalFast decodes a top-level document as Unmarshal does; false when it cannot.
func unmarshalFast(data []byte) (*types.Document, bool) {
	d := &fastDecoder{b: data}
	d.space()

	if !d.byte('{') {
		return nil, false
	}

	d.space()

	if key, ok := d.key(); !ok || key != "$s" {
		return nil, false
	}

	text, ok := d.value()
	if !ok {
		return nil, false
	}

	sch, ok := cachedSchema(text)
	if !ok {
		return nil, false
	}

	// The schema's keys follow "$s", each after a comma.
	doc, ok := d.members(sch, true)
	if !ok || d.i != len(d.b) {
		return nil, false
	}

	return doc, true
}

// element reads the value at the decoder's position by its schema.
func (d *fastDecoder) element(sch *elem) (any, bool) {
	d.space()

	start := d.i

	raw, ok := d.value()
	if !ok {
		return nil, false
	}

	if string(raw) == "null" {
		return types.Null, true
	}

	if sch == nil {
		return nil, false
	}

	switch sch.Type {
	case elemTypeString:
		return jsonString(raw)
	case elemTypeInt:
		if !jsonInteger(raw) {
			return nil, false
		}

		n, err := strconv.ParseInt(string(raw), 10, 32)

		return int32(n), err == nil
	case elemTypeLong, elemTypeDate:
		if !jsonInteger(raw) {
			return nil, false
		}

		n, err := strconv.ParseInt(string(raw), 10, 64)
		if sch.Type == elemTypeDate {
			return time.UnixMilli(n), err == nil
		}

		return n, err == nil
	case elemTypeDouble:
		if !jsonNumber(raw) {
			return nil, false
		}

		f, err := strconv.ParseFloat(string(raw), 64)

		return f, err == nil
	case elemTypeBool:
		switch string(raw) {
		case "true":
			return true, true
		case "false":
			return false, true
		}

		return nil, false
	case elemTypeObjectID:
		s, ok := jsonString(raw)
		if !ok || len(s) != 2*types.ObjectIDLen {
			return nil, false
		}

		var id types.ObjectID
		if _, err := hex.Decode(id[:], []byte(s)); err != nil {
			return nil, false
		}

		return id, true
	case elemTypeObject:
		if sch.Schema == nil {
			return nil, false
		}

		d.i = start

		return d.object(sch.Schema)
	case elemTypeArray:
		if sch.Items == nil {
			return nil, false
		}

		d.i = start

		return d.array(sch.Items)
	default:
		v, err := unmarshalSingleValue(json.RawMessage(raw), sch)
		return v, err == nil
	}
}

// object reads an embedded document; its keys in the schema's order, as FerretDB writes them.
func (d *fastDecoder) object(sch *schema) (any, bool) {
	if !d.byte('{') {
		return nil, false
	}

	d.space()

	if d.byte('}') {
		return new(types.Document), true // Unmarshal gives an empty one whatever its schema says
	}

	return d.members(sch, false)
}

// members reads a document's keys, in the schema's order, with their values, and its closing
// brace; a comma comes before every key but the first, and before the first too when comma
// is set.
func (d *fastDecoder) members(sch *schema, comma bool) (*types.Document, bool) {
	doc := types.MakeDocument(len(sch.Keys))

	for _, key := range sch.Keys {
		if comma {
			d.space()

			if !d.byte(',') {
				return nil, false
			}

			d.space()
		}

		comma = true

		if k, ok := d.key(); !ok || k != key {
			return nil, false
		}

		v, ok := d.element(sch.Properties[key])
		if !ok {
			return nil, false
		}

		doc.Set(key, v)
	}

	d.space()

	return doc, d.byte('}')
}

// array reads an array with one schema per element.
func (d *fastDecoder) array(items []*elem) (any, bool) {
	if !d.byte('[') {
		return nil, false
	}

	arr := types.MakeArray(len(items))

	d.space()

	if d.byte(']') {
		return arr, len(items) == 0
	}

	for i, item := range items {
		if i > 0 {
			d.space()

			if !d.byte(',') {
				return nil, false
			}
		}

		v, ok := d.element(item)
		if !ok {
			return nil, false
		}

		arr.Append(v)
	}

	d.space()

	return arr, d.byte(']')
}

// key reads an object's key and its colon: plain text only (no escapes).
func (d *fastDecoder) key() (string, bool) {
	if !d.byte('"') {
		return "", false
	}

	start := d.i
	for d.i < len(d.b) && d.b[d.i] != '"' {
		if c := d.b[d.i]; c == '\\' || c < 0x20 {
			return "", false
		}
		d.i++
	}

	if d.i == len(d.b) || !utf8.Valid(d.b[start:d.i]) {
		return "", false
	}

	key := string(d.b[start:d.i])
	d.i++
	d.space()

	return key, d.byte(':')
}

// value returns the text of the JSON value at the decoder's position and moves past it. It
// only finds where the value ends: the callers check what is inside.
func (d *fastDecoder) value() ([]byte, bool) {
	d.space()

	start := d.i
	if d.i == len(d.b) {
		return nil, false
	}

	switch d.b[d.i] {
	case '"':
		if !d.skipString() {
			return nil, false
		}
	case '{', '[':
		depth := 0

		for d.i < len(d.b) {
			switch d.b[d.i] {
			case '"':
				if !d.skipString() {
					return nil, false
				}

				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
			}

			d.i++

			if depth == 0 {
				break
			}
		}

		if depth != 0 {
			return nil, false
		}
	default:
		for d.i < len(d.b) {
			switch d.b[d.i] {
			case ',', '}', ']', ' ', '\t', '\n', '\r':
				return d.b[start:d.i], d.i > start
			}
			d.i++
		}
	}

	return d.b[start:d.i], d.i > start
}

// skipString moves past the string at the decoder's position.
func (d *fastDecoder) skipString() bool {
	d.i++

	for d.i < len(d.b) {
		switch d.b[d.i] {
		case '\\':
			d.i += 2
			continue
		case '"':
			d.i++
			return true
		}
		d.i++
	}

	return false
}

func (d *fastDecoder) space() {
	for d.i < len(d.b) {
		switch d.b[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

// byte moves past c if it is next.
func (d *fastDecoder) byte(c byte) bool {
	if d.i < len(d.b) && d.b[d.i] == c {
		d.i++
		return true
	}

	return false
}

// jsonString is a JSON string's value as encoding/json decodes it.
func jsonString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return "", false
	}

	inner := raw[1 : len(raw)-1]

	plain := utf8.Valid(inner) // encoding/json replaces invalid UTF-8: leave that to it
	for _, c := range inner {
		if c == '\\' || c == '"' || c < 0x20 {
			plain = false
			break
		}
	}

	if plain {
		return string(inner), true
	}

	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", false
	}

	return s, true
}

// jsonInteger reports whether raw is a JSON number without fraction or exponent.
func jsonInteger(raw []byte) bool {
	i := 0
	if i < len(raw) && raw[i] == '-' {
		i++
	}

	switch {
	case i == len(raw):
		return false
	case raw[i] == '0':
		return i+1 == len(raw)
	}

	for ; i < len(raw); i++ {
		if raw[i] < '0' || raw[i] > '9' {
			return false
		}
	}

	return true
}

// jsonNumber reports whether raw is a JSON number.
func jsonNumber(raw []byte) bool {
	i := 0
	digits := func() int {
		n := 0
		for i < len(raw) && raw[i] >= '0' && raw[i] <= '9' {
			i++
			n++
		}

		return n
	}

	if i < len(raw) && raw[i] == '-' {
		i++
	}

	if i < len(raw) && raw[i] == '0' {
		i++
	} else if digits() == 0 {
		return false
	}

	if i < len(raw) && raw[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	}

	if i < len(raw) && (raw[i] == 'e' || raw[i] == 'E') {
		i++
		if i < len(raw) && (raw[i] == '+' || raw[i] == '-') {
			i++
		}

		if digits() == 0 {
			return false
		}
	}

	return i == len(raw)
}
