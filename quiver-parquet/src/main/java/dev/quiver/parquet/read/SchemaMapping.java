// SPDX-License-Identifier: Apache-2.0
package dev.quiver.parquet.read;

import dev.quiver.core.type.ArrowType;
import dev.quiver.core.type.Field;
import dev.quiver.parquet.ParquetException;
import dev.quiver.parquet.format.ConvertedType;
import dev.quiver.parquet.format.LogicalType;
import dev.quiver.parquet.format.Repetition;
import dev.quiver.parquet.format.SchemaElement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Maps the Parquet schema tree to Arrow nodes: groups to structs, LIST and MAP annotated groups to
 * lists and maps (with the backward-compatibility rules of LogicalTypes.md for two-level lists), repeated
 * fields outside them to lists of required elements, leaves by {@link LeafTypes}.
 */
final class SchemaMapping {
    private SchemaMapping() {}

    /**
     * The Arrow nodes of the root's children.
     *
     * @param root the schema's root
     * @return one node per top-level field
     */
    static List<ArrowNode> map(ParquetNode root) {
        List<ArrowNode> result = new ArrayList<>();
        for (ParquetNode child : root.children()) {
            result.add(field(child, 0, 0, 0));
        }
        return result;
    }

    /** A field that may be repeated: a repeated field outside a LIST or MAP is a list of required elements. */
    private static ArrowNode field(ParquetNode node, int baseDef, int slotDef, int slotRep) {
        if (node.repetition() == Repetition.REPEATED) {
            int elementDef = baseDef + 1;
            int elementRep = slotRep + 1;
            ArrowNode element = nonRepeated(node, elementDef, elementDef, elementRep, false);
            Field f = new Field(node.name(), new ArrowType.List(element.field()), false);
            return new ArrowNode(ArrowNode.Kind.LIST, f, List.of(element), null, element.firstLeaf(), slotDef, slotRep,
                    baseDef, elementDef, elementRep);
        }
        return nonRepeated(node, baseDef, slotDef, slotRep, node.repetition() == Repetition.OPTIONAL);
    }

    private static ArrowNode nonRepeated(ParquetNode node, int baseDef, int slotDef, int slotRep, boolean optional) {
        int nullDef = baseDef + (optional ? 1 : 0);
        if (node.isLeaf()) {
            LeafColumn leaf = node.leaf();
            Field f = new Field(node.name(), LeafTypes.of(leaf), optional, null, fieldId(node.element()));
            return new ArrowNode(ArrowNode.Kind.LEAF, f, List.of(), leaf, leaf.index(), slotDef, slotRep, nullDef, 0, 0);
        }
        SchemaElement e = node.element();
        boolean list = (e.logicalType() != null && e.logicalType().kind() == LogicalType.LIST)
                || (e.logicalType() == null && e.convertedType() != null && e.convertedType() == ConvertedType.LIST);
        boolean map = (e.logicalType() != null && e.logicalType().kind() == LogicalType.MAP)
                || (e.logicalType() == null && e.convertedType() != null
                        && (e.convertedType() == ConvertedType.MAP || e.convertedType() == ConvertedType.MAP_KEY_VALUE));
        if (list) {
            return list(node, nullDef, slotDef, slotRep, optional);
        }
        if (map) {
            return map(node, nullDef, slotDef, slotRep, optional);
        }
        List<ArrowNode> children = new ArrayList<>();
        List<Field> fields = new ArrayList<>();
        for (ParquetNode c : node.children()) {
            ArrowNode child = field(c, nullDef, slotDef, slotRep);
            children.add(child);
            fields.add(child.field());
        }
        Field f = new Field(node.name(), new ArrowType.Struct(fields), optional, null, fieldId(e));
        return new ArrowNode(ArrowNode.Kind.STRUCT, f, children, null, children.get(0).firstLeaf(), slotDef, slotRep,
                nullDef, 0, 0);
    }

    private static ArrowNode list(ParquetNode node, int nullDef, int slotDef, int slotRep, boolean optional) {
        if (node.children().size() != 1 || node.children().get(0).repetition() != Repetition.REPEATED) {
            throw new ParquetException("LIST group " + node.name() + " must have exactly one repeated child "
                    + "(LogicalTypes.md, Lists)");
        }
        ParquetNode repeated = node.children().get(0);
        int elementDef = nullDef + 1;
        int elementRep = slotRep + 1;
        ArrowNode element;
        boolean repeatedIsElement = repeated.isLeaf() // rule 1: a repeated primitive is the element
                || repeated.children().size() > 1 // rule 2: a repeated group of several fields is the element
                || repeated.name().equals("array") // rule 3: legacy names
                || repeated.name().equals(node.name() + "_tuple");
        if (repeatedIsElement) {
            element = nonRepeated(repeated, elementDef, elementDef, elementRep, false);
        } else {
            element = field(repeated.children().get(0), elementDef, elementDef, elementRep);
        }
        Field f = new Field(node.name(), new ArrowType.List(element.field()), optional, null, fieldId(node.element()));
        return new ArrowNode(ArrowNode.Kind.LIST, f, List.of(element), null, element.firstLeaf(), slotDef, slotRep,
                nullDef, elementDef, elementRep);
    }

    private static ArrowNode map(ParquetNode node, int nullDef, int slotDef, int slotRep, boolean optional) {
        if (node.children().size() != 1 || node.children().get(0).repetition() != Repetition.REPEATED
                || node.children().get(0).isLeaf()) {
            throw new ParquetException("MAP group " + node.name() + " must have exactly one repeated group child "
                    + "(LogicalTypes.md, Maps)");
        }
        ParquetNode keyValue = node.children().get(0);
        int elementDef = nullDef + 1;
        int elementRep = slotRep + 1;
        if (keyValue.children().size() != 2 || keyValue.children().get(0).repetition() != Repetition.REQUIRED) {
            // a key-only MAP (a set): a list of its keys, as Arrow C++ reads it; a nullable key: a list of entries
            ArrowNode element = keyValue.children().size() == 1
                    ? field(keyValue.children().get(0), elementDef, elementDef, elementRep)
                    : nonRepeated(keyValue, elementDef, elementDef, elementRep, false);
            Field f = new Field(node.name(), new ArrowType.List(element.field()), optional, null, fieldId(node.element()));
            return new ArrowNode(ArrowNode.Kind.LIST, f, List.of(element), null, element.firstLeaf(), slotDef, slotRep,
                    nullDef, elementDef, elementRep);
        }
        ParquetNode keyNode = keyValue.children().get(0);
        ArrowNode key = nonRepeated(keyNode, elementDef, elementDef, elementRep, false);
        ArrowNode value = field(keyValue.children().get(1), elementDef, elementDef, elementRep);
        Field entriesField = new Field(keyValue.name(), new ArrowType.Struct(List.of(key.field(), value.field())), false);
        ArrowNode entries = new ArrowNode(ArrowNode.Kind.STRUCT, entriesField, List.of(key, value), null, key.firstLeaf(),
                elementDef, elementRep, elementDef, 0, 0);
        Field f = new Field(node.name(), new ArrowType.Map(entriesField, false), optional, null, fieldId(node.element()));
        return new ArrowNode(ArrowNode.Kind.LIST, f, List.of(entries), null, entries.firstLeaf(), slotDef, slotRep,
                nullDef, elementDef, elementRep);
    }

    private static Map<String, String> fieldId(SchemaElement e) {
        return e.fieldId() == null ? Map.of() : Map.of("PARQUET:field_id", Integer.toString(e.fieldId()));
    }
}
